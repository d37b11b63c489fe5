// Strict-tsc consumer of the token-accounting API and the error types: every export is used,
// and the misuses the declarations must refuse are marked as expected errors.
import {
  DEFAULT_ENCODING,
  ESTIMATE_METHODS,
  countTokens,
  loadEncoding,
  fitsTokenBudget,
  estimateTokens,
  tokenReport,
  type TokenEncoding,
  type EstimateMethod,
  type FieldTokens,
  type TokenReport,
  type TokenReportOptions,
  type BudgetErrorCode,
  type CodedError,
} from 'modoki-budget';

const encoding: TokenEncoding = DEFAULT_ENCODING;
const methods: readonly EstimateMethod[] = ESTIMATE_METHODS;
const loading: Promise<void> = loadEncoding('o200k_base');
const counted: number = countTokens('hello world', 'o200k_base') + countTokens('hello');
const fits: boolean = fitsTokenBudget('hello world', 5, encoding);
const estimated: number = estimateTokens('hello world', 'chars/3.5') + estimateTokens('x');
const reportOptions: TokenReportOptions = { encoding: 'o200k_base' };
const report: TokenReport = tokenReport({ a: [1, 2] }, reportOptions);
const field: FieldTokens = report.fields[0];
const share: number = field.tokenShare + field.charShare + report.estimates[0].errorPercent;
const method: EstimateMethod = report.estimates[0].method;

function codeOf(error: unknown): BudgetErrorCode | undefined {
  return error instanceof Error && 'code' in error ? (error as CodedError).code : undefined;
}
const code: BudgetErrorCode | undefined = codeOf(new Error('x'));

// @ts-expect-error — p50k_base is not a supported encoding
countTokens('x', 'p50k_base');
// @ts-expect-error — the estimate methods are chars/4 and chars/3.5
estimateTokens('x', 'words');
// @ts-expect-error — BudgetErrorCode is a closed union
const wrongCode: BudgetErrorCode = 'BAD_INPUT';
// @ts-expect-error — an unknown option is refused at run time and by the types
tokenReport({}, { encodign: 'o200k_base' });

export { loading, methods, counted, fits, estimated, share, method, code, wrongCode };
