// Strict-tsc consumer of the budget-analysis API: every export is used; misuses the
// declarations must refuse are marked as expected errors.
import {
  inflationRisk,
  profileResponse,
  chooseEncoding,
  budgetLock,
  serializeLock,
  checkLock,
  type InflationRiskLevel,
  type InflationReport,
  type ProfileSize,
  type ProfileOptions,
  type Risk,
  type ResponseProfile,
  type EncodingChoice,
  type ChooseEncodingOptions,
  type LockTool,
  type LockEntry,
  type BudgetLock,
  type BudgetLockOptions,
  type CheckLockOptions,
  type LockCheck,
} from 'modoki-budget';

const report: InflationReport = inflationRisk({ type: 'array', items: { type: 'string' } });
const level: InflationRiskLevel = report.risk;
const bound: number | undefined = report.boundTokens;
const truncated: true | undefined = report.truncated;
const profileOptions: ProfileOptions = {
  overheadBlocks: 1,
  thresholds: { low: 10 },
  maxOverheadRatio: 0.5,
  encoding: 'o200k_base',
};
const profiled: ResponseProfile = profileResponse(
  't',
  [{ type: 'text', text: '{}' }, { type: 'text' }],
  profileOptions,
);
const size: ProfileSize = profiled.blocks[0].size;
const role: 'payload' | 'overhead' = profiled.blocks[0].role;
const risk: Risk = profiled.risk;
const advisory: string | null = profiled.advisory;
const chooseOptions: ChooseEncodingOptions = { encoding: 'cl100k_base', delimiter: '|', indentSize: 2 };
const choice: EncodingChoice = chooseEncoding([{ a: 1 }], chooseOptions);
const format: 'json' | 'toon' = choice.format;
const tools: readonly LockTool[] = [
  { name: 't', description: 'd', outputSchema: { type: 'array' }, limits: { maxItems: 5, maxTokens: 100 } },
];
const lockOptions: BudgetLockOptions = { encoding: 'cl100k_base' };
const lock: BudgetLock = budgetLock(tools, lockOptions);
const fromList: BudgetLock = budgetLock({ tools });
const entry: LockEntry = lock.tools.t;
const entryRisk: Risk = entry.inflationRisk;
const text: string = serializeLock(lock);
const checkOptions: CheckLockOptions = { tolerance: 0.2 };
const checked: LockCheck = checkLock(lock, fromList, checkOptions);
const escalated: Array<'inflationRisk' | 'descriptionTokens'> = checked.escalations.map((e) => e.what);

// @ts-expect-error — the risk scale has four levels
const wrongRisk: Risk = 'extreme';
// @ts-expect-error — lockfileVersion is 1
const wrongLock: BudgetLock = { integrityDigest: '', lockfileVersion: 2, tools: {} };
// @ts-expect-error — an unknown option is refused
checkLock(lock, lock, { tolerence: 0.2 });

export {
  level,
  bound,
  truncated,
  size,
  role,
  risk,
  advisory,
  format,
  entryRisk,
  text,
  escalated,
  wrongRisk,
  wrongLock,
};
