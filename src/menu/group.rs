//! Grouping trades names for schema: the tools of a namespace (`namespace<sep>action`) become
//! one tool whose input schema has a required discriminator enum of the actions and the union
//! of their parameters, so the menu pays for the shared JSON-schema scaffolding once.
//!
//! Rules (documented in docs/menu.md):
//! - a name splits at the FIRST separator; a namespace with one tool, or a name without the
//!   separator, is left as it is;
//! - the grouped tool sits where the namespace's first tool was; its description lists each
//!   action as `- action: description` lines; `outputSchema` is dropped (one tool cannot
//!   promise each action's output shape), `annotations` are kept only when every member
//!   carries identical ones; `additionalProperties: false` is kept when every member has it;
//! - a parameter used by several actions must have the same schema in each (ignoring its
//!   `description`), else `CONFLICTING_PARAMETER` naming both tools; its description names the
//!   actions that use it: `a (required), b: <text>` (`a: <text> b: <text>` when the texts
//!   differ; `Used by a, b.` when there is none). This prefix is the cheapest wording that
//!   still says who uses what: `Used by a, b. <text>` costs 56 more tokens over the 26
//!   grouped parameters of samples/tools.json.

use serde::Serialize;
use serde_json::{Map, Value};

use super::{tool_description, tool_name, tool_params};
use crate::error::{Error, ErrorCode, Result};
use crate::json::value::{to_json, to_json_text};

/// How a grouped tool maps back: `name` + `discriminator` value → original tool name.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Route {
    /// The grouped tool's name (the namespace).
    pub name: String,
    /// `(action, original tool name)` in menu order.
    pub actions: Vec<(String, String)>,
}

/// The grouped menu and how to route its calls; serialized as `{tools, routes:[{name,
/// actions:[[action, original]]}], passthrough}`.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Grouped {
    /// The new tool list.
    pub tools: Vec<Value>,
    /// One route per grouped tool.
    pub routes: Vec<Route>,
    /// Names of the tools passed through unchanged.
    pub passthrough: Vec<String>,
}

struct Param {
    schema: Value,
    shape: Value,
    first_tool: String,
    users: Vec<(String, bool, String)>,
}

fn without_description(schema: &Value) -> Value {
    match schema {
        Value::Object(map) => Value::Object(
            map.iter().filter(|(k, _)| *k != "description").map(|(k, v)| (k.clone(), v.clone())).collect(),
        ),
        other => other.clone(),
    }
}

fn split<'a>(name: &'a str, separator: &str) -> Option<(&'a str, &'a str)> {
    let at = name.find(separator)?;
    let (ns, action) = (&name[..at], &name[at + separator.len()..]);
    (!ns.is_empty() && !action.is_empty()).then_some((ns, action))
}

fn param_description(users: &[(String, bool, String)]) -> String {
    let label = |(action, required, _): &(String, bool, String)| {
        if *required {
            format!("{action} (required)")
        } else {
            action.clone()
        }
    };
    let Some((_, _, first)) = users.first() else { return String::new() };
    if users.iter().all(|(_, _, d)| d == first) {
        let names = users.iter().map(label).collect::<Vec<_>>().join(", ");
        return if first.is_empty() { format!("Used by {names}.") } else { format!("{names}: {first}") };
    }
    // Different texts per action: each action's own, so no action's meaning is lost.
    let parts: Vec<String> = users
        .iter()
        .map(|u| if u.2.is_empty() { format!("{}.", label(u)) } else { format!("{}: {}", label(u), u.2) })
        .collect();
    parts.join(" ")
}

fn conflict(message: String) -> Error {
    Error::new(ErrorCode::ConflictingParameter, message)
}

/// The union of the members' parameters, in first-use order, each with the actions using it.
fn collect_params(members: &[(&str, &Value)], discriminator: &str) -> Result<Vec<(String, Param)>> {
    let mut params: Vec<(String, Param)> = Vec::new();
    for (action, tool) in members {
        let tname = tool_name(tool);
        let Some((required, props)) = tool_params(tool) else { continue };
        for (pname, pschema) in props {
            if pname == discriminator {
                return Err(conflict(format!(
                    "Tool \"{tname}\" has a parameter named \"{discriminator}\", the discriminator; choose another discriminator."
                )));
            }
            let shape = without_description(pschema);
            let text = pschema.get("description").and_then(Value::as_str).unwrap_or("").to_owned();
            let user = (action.to_string(), required.contains(&pname.as_str()), text);
            match params.iter_mut().find(|(n, _)| n == pname) {
                Some((_, p)) if p.shape != shape => {
                    return Err(conflict(format!(
                        "Parameter \"{pname}\" has different schemas in tools \"{}\" ({}) and \"{tname}\" ({}); make them agree or rename one before grouping.",
                        p.first_tool,
                        to_json(&p.shape),
                        to_json(&shape)
                    )))
                }
                Some((_, p)) => p.users.push(user),
                None => params.push((pname.clone(), Param { schema: pschema.clone(), shape, first_tool: tname.to_owned(), users: vec![user] })),
            }
        }
    }
    Ok(params)
}

/// The grouped tool's input schema: the discriminator enum first, then every parameter with a
/// description naming the actions that use it.
fn grouped_input_schema(members: &[(&str, &Value)], params: Vec<(String, Param)>, discriminator: &str) -> Value {
    let actions: Vec<Value> = members.iter().map(|(a, _)| Value::String(a.to_string())).collect();
    let mut properties = Map::new();
    let mut disc = Map::new();
    disc.insert("type".into(), Value::String("string".into()));
    disc.insert("enum".into(), Value::Array(actions));
    properties.insert(discriminator.to_owned(), Value::Object(disc));
    for (pname, p) in params {
        let text = Value::String(param_description(&p.users));
        let schema = match p.schema {
            Value::Object(mut map) => {
                map.insert("description".into(), text);
                Value::Object(map)
            }
            // A boolean schema (`true`) has nowhere to say who uses it; keep it as it was.
            other => other,
        };
        properties.insert(pname, schema);
    }
    let mut input = Map::new();
    input.insert("type".into(), Value::String("object".into()));
    input.insert("properties".into(), Value::Object(properties));
    input.insert("required".into(), Value::Array(vec![Value::String(discriminator.to_owned())]));
    if members
        .iter()
        .all(|(_, t)| t.get("inputSchema").and_then(|s| s.get("additionalProperties")) == Some(&Value::Bool(false)))
    {
        input.insert("additionalProperties".into(), Value::Bool(false));
    }
    Value::Object(input)
}

fn group_one(name: &str, members: &[(&str, &Value)], discriminator: &str) -> Result<Value> {
    let params = collect_params(members, discriminator)?;
    let lines: Vec<String> = members
        .iter()
        .map(|(action, tool)| match tool_description(tool) {
            "" => format!("- {action}"),
            description => format!("- {action}: {description}"),
        })
        .collect();
    let mut tool = Map::new();
    tool.insert("name".into(), Value::String(name.to_owned()));
    tool.insert("description".into(), Value::String(lines.join("\n")));
    tool.insert("inputSchema".into(), grouped_input_schema(members, params, discriminator));
    if let Some(first) = members.first().and_then(|(_, t)| t.get("annotations")) {
        if members.iter().all(|(_, t)| t.get("annotations") == Some(first)) {
            tool.insert("annotations".into(), first.clone());
        }
    }
    Ok(Value::Object(tool))
}

/// Groups `namespace<separator>action` tools (see the module docs). Errors: `INVALID_OPTION`
/// (empty separator or discriminator), `DUPLICATE_TOOL`, `NAME_COLLISION` (a grouped name
/// equals another tool's name), `CONFLICTING_PARAMETER`.
pub fn group_tools(tools: &[Value], separator: &str, discriminator: &str) -> Result<Grouped> {
    if separator.is_empty() || discriminator.is_empty() {
        return Err(Error::invalid_option("separator and discriminator must be non-empty strings."));
    }
    let mut seen: Vec<&str> = Vec::new();
    let mut namespaces: Vec<(&str, Vec<(&str, &Value)>)> = Vec::new();
    for tool in tools {
        let name = tool_name(tool);
        if seen.contains(&name) {
            return Err(Error::new(ErrorCode::DuplicateTool, format!("Two tools are named \"{name}\".")));
        }
        seen.push(name);
        if let Some((ns, action)) = split(name, separator) {
            match namespaces.iter_mut().find(|(n, _)| *n == ns) {
                Some((_, members)) => members.push((action, tool)),
                None => namespaces.push((ns, vec![(action, tool)])),
            }
        }
    }
    let grouped_ns = |ns: &str| namespaces.iter().find(|(n, m)| *n == ns && m.len() > 1);
    let mut out = Grouped { tools: Vec::new(), routes: Vec::new(), passthrough: Vec::new() };
    for tool in tools {
        let name = tool_name(tool);
        match split(name, separator).and_then(|(ns, _)| grouped_ns(ns)) {
            Some((ns, members)) => {
                if out.routes.iter().any(|r| r.name == *ns) {
                    continue;
                }
                out.tools.push(group_one(ns, members, discriminator)?);
                out.routes.push(Route {
                    name: ns.to_string(),
                    actions: members.iter().map(|(a, t)| (a.to_string(), tool_name(t).to_owned())).collect(),
                });
            }
            None => {
                out.tools.push(tool.clone());
                out.passthrough.push(name.to_owned());
            }
        }
    }
    if let Some(r) = out.routes.iter().find(|r| out.passthrough.contains(&r.name)) {
        return Err(Error::new(
            ErrorCode::NameCollision,
            format!("Grouping would create a tool \"{}\" but a tool of that name already exists.", r.name),
        ));
    }
    Ok(out)
}

/// `{"tools":[…],"routes":[{"name","actions":[[action, original]]}],"passthrough":[names]}`.
pub fn grouped_json(g: &Grouped) -> String {
    to_json_text(g)
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn tool(name: &str, description: &str, props: Value, required: Value) -> Value {
        json!({"name": name, "description": description, "inputSchema": {"type": "object", "properties": props, "required": required}})
    }

    #[test]
    fn groups_a_namespace_into_one_tool_with_a_required_discriminator() {
        let tools = vec![
            tool(
                "watch.start",
                "Start a watch.",
                json!({"entity": {"type": "integer", "description": "Entity id."}, "field": {"type": "string"}}),
                json!(["entity"]),
            ),
            tool("other", "Other.", json!({}), json!([])),
            tool(
                "watch.read",
                "Read a watch.",
                json!({"entity": {"type": "integer", "description": "Watched entity."}, "samples": {"type": "boolean"}}),
                json!([]),
            ),
        ];
        let g = group_tools(&tools, ".", "action").expect("groups");
        assert_eq!(
            to_json(&Value::Array(g.tools.clone())),
            r#"[{"name":"watch","description":"- start: Start a watch.\n- read: Read a watch.","inputSchema":{"type":"object","properties":{"action":{"type":"string","enum":["start","read"]},"entity":{"type":"integer","description":"start (required): Entity id. read: Watched entity."},"field":{"type":"string","description":"Used by start."},"samples":{"type":"boolean","description":"Used by read."}},"required":["action"]}},{"name":"other","description":"Other.","inputSchema":{"type":"object","properties":{},"required":[]}}]"#
        );
        assert_eq!(
            grouped_json(&g).split("\"routes\":").nth(1),
            Some(
                r#"[{"name":"watch","actions":[["start","watch.start"],["read","watch.read"]]}],"passthrough":["other"]}"#
            )
        );
    }

    #[test]
    fn conflicts_and_bad_options_are_coded_errors() {
        let a = tool("logs.console", "", json!({"limit": {"type": "integer"}}), json!([]));
        let b = tool("logs.journal", "", json!({"limit": {"type": "string"}}), json!([]));
        let e = group_tools(&[a.clone(), b], ".", "action").expect_err("conflict");
        assert_eq!(e.code, ErrorCode::ConflictingParameter);
        assert_eq!(
            e.message,
            r#"Parameter "limit" has different schemas in tools "logs.console" ({"type":"integer"}) and "logs.journal" ({"type":"string"}); make them agree or rename one before grouping."#
        );
        let c = tool("logs.x", "", json!({"action": {"type": "string"}}), json!([]));
        assert_eq!(
            group_tools(&[a.clone(), c], ".", "action").expect_err("disc").code,
            ErrorCode::ConflictingParameter
        );
        assert_eq!(
            group_tools(&[a.clone(), a.clone()], ".", "action").expect_err("dup").code,
            ErrorCode::DuplicateTool
        );
        assert_eq!(
            group_tools(std::slice::from_ref(&a), "", "action").expect_err("sep").code,
            ErrorCode::InvalidOption
        );
        let d = tool("logs.y", "", json!({}), json!([]));
        let named_logs = tool("logs", "", json!({}), json!([]));
        assert_eq!(
            group_tools(&[a.clone(), d.clone(), named_logs], ".", "action").expect_err("collision").code,
            ErrorCode::NameCollision
        );
        let single = group_tools(std::slice::from_ref(&a), ".", "action").expect("single");
        assert_eq!(single.tools, vec![a]);
        assert_eq!(single.passthrough, vec!["logs.console".to_owned()]);
    }
}
