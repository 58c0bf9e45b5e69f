// The diagnostics registry: every code gen can print, its severity, what it means and how to fix it.
// docs/diagnostics.md is generated from this table, and a test fails when a code has no fixture.

export type Severity = "error" | "warning" | "note";

export interface CodeInfo {
  readonly severity: Severity;
  readonly title: string;
  readonly fix: string;
}

export const CODES = {
  FS001: {
    severity: "error",
    title: "A guard module lacks an export, or an export is not in its literal form",
    fix: "Export `skill`, `title`, `required`, `optional` and `check()` exactly in the forms the message shows.",
  },
  FS002: {
    severity: "error",
    title: "A name in required/optional is not a parameter of check()",
    fix: "Remove the name from the tuple, or add the parameter to check().",
  },
  FS003: {
    severity: "error",
    title: "A parameter of check() is in neither required nor optional",
    fix: "Add the parameter's name to `required` or `optional`.",
  },
  FS004: {
    severity: "error",
    title: "check() parameters are not in required-then-optional order",
    fix: "Reorder the parameters (or the tuples) so the required inputs come first, in tuple order.",
  },
  FS005: {
    severity: "error",
    title: "A name is listed or documented twice",
    fix: "Keep one entry per input in the tuples, the Inputs block, alternatives and slots.",
  },
  FS006: {
    severity: "error",
    title: "Optionality of a parameter disagrees with the tuples",
    fix: "A required input has no `?` and no default; an optional input has `?` or a default.",
  },
  FS007: {
    severity: "error",
    title: "A parameter default is not a JSON literal, or does not fit its type",
    fix: 'Write the default as JSON (`"simple"`, `0.5`, `["a"]`, `{"k": 1}`) and make it one of the allowed values.',
  },
  FS008: {
    severity: "error",
    title: "The Inputs block of check()'s JSDoc is malformed or incomplete",
    fix: "Give every input one line `name : text` under an `Inputs` header, indented with spaces, before any @tag.",
  },
  FS009: {
    severity: "error",
    title: "check()'s JSDoc has no summary paragraph",
    fix: "Start the JSDoc with one sentence saying what the guard checks.",
  },
  FS010: {
    severity: "error",
    title: "A tool or input name does not match the naming pattern",
    fix: "Use lower_snake_case: a letter, then letters, digits or underscores.",
  },
  FS011: {
    severity: "error",
    title: "A type cannot be mapped to JSON Schema",
    fix: "Rewrite the type with the supported form the message names (see the constructs list in guards/README.md).",
  },
  FS012: {
    severity: "error",
    title: "A slot alias or the slot table is wrong",
    fix: "Map the input to a slot listed in src/catalogue/slots.ts whose kind fits the input's type.",
  },
  FS013: {
    severity: "error",
    title: "An either/or group in `alternatives` is wrong",
    fix: "Each group names two or more optional inputs.",
  },
  FS014: {
    severity: "error",
    title: "Text that reaches a schema is not ASCII",
    fix: "Replace each character a message points at with the ASCII spelling it names (-, ', \", >=, ...).",
  },
  FS015: {
    severity: "error",
    title: "The guard's skill or title is wrong",
    fix: "Name an existing skill (skills/<name>/SKILL.md) and give a title of 1 to 64 characters.",
  },
  FS016: {
    severity: "error",
    title: "Two tools would get the same name",
    fix: "Rename one guard module.",
  },
  FS017: {
    severity: "error",
    title: "A schema is not portable to every export target",
    fix: "Change the type or tag the message names so the schema uses only the portable keywords.",
  },
  FS018: {
    severity: "error",
    title: "A guard source (or a file it imports) has a syntax or grammar error (TS1xxx)",
    fix: "Fix the syntax at the position shown; type errors are reported once the sources parse.",
  },
  FS019: {
    severity: "error",
    title: "A guard source (or a file it imports) has a type error",
    fix: "Fix the type error at the position shown (`npm run typecheck` shows the same); gen stops until it is gone.",
  },
  FS020: {
    severity: "error",
    title: "SKILL.md has no YAML front matter mapping",
    fix: "Open SKILL.md with a YAML mapping between two `---` lines.",
  },
  FS021: {
    severity: "error",
    title: "A skill's front matter name differs from its folder name",
    fix: "Set `name:` to the folder name.",
  },
  FS022: {
    severity: "error",
    title: "A skill's guards list disagrees with the guards' owning skill",
    fix: "List in `guards:` exactly the guards whose `skill` export names this skill.",
  },
  FS023: {
    severity: "error",
    title: "A link in a skill does not resolve",
    fix: "Link only to SKILL.md or a file in the skill's references/ folder.",
  },
  FS024: {
    severity: "error",
    title: "A skill text or description is too long",
    fix: "Shorten it below the limit the message names; move detail into references/.",
  },
  FS025: {
    severity: "error",
    title: "A skill text is not ASCII",
    fix: "Replace the character the message points at with ASCII.",
  },
  FS026: {
    severity: "error",
    title: "A skill's front matter lacks `plugin`",
    fix: "Add `plugin: <plugin-name>` to the front matter.",
  },
  FS027: {
    severity: "error",
    title: "A skill's description lacks its TRIGGER: or SKIP: list",
    fix: 'Write `description: "What it does. TRIGGER: when to use. SKIP: when not to."`.',
  },
  FS028: {
    severity: "error",
    title: "A skill's verified_on is not a date",
    fix: "Write `verified_on: YYYY-MM-DD`.",
  },
  FS029: {
    severity: "error",
    title: "A skill's guards entry is not a list of names",
    fix: "Write `guards: [a, b]`, or `guards: []` for none.",
  },
  FS030: {
    severity: "error",
    title: "A JSDoc constraint or `@keywords` tag is malformed or misfits its input",
    fix: "`@minimum 0` on an input it fits; `@keywords a, b`: lower-case ASCII, at most 12, none twice.",
  },
  FS031: {
    severity: "error",
    title: "check() is overloaded and no single overload carries the Inputs block",
    fix: "Put the Inputs JSDoc on the overload the tool exposes, or write one signature taking unions.",
  },
  FS032: {
    severity: "error",
    title: "Two guards would get the same generated type name",
    fix: "Rename one guard module so their names differ by more than underscores or letter case.",
  },
  FS033: {
    severity: "error",
    title: "A generated TypeScript file does not type-check",
    fix: "Rename the guard or input the message names; report the message as a compiler bug if the name is plain.",
  },
  FS099: {
    severity: "error",
    title: "The compiler failed unexpectedly on a guard",
    fix: "Simplify the construct at the named file and report the message as a compiler bug.",
  },
  FS101: {
    severity: "warning",
    title: "Union members that cannot cross JSON were dropped",
    fix: "Accept the narrower schema, or split the input so every member is JSON.",
  },
  FS102: {
    severity: "warning",
    title: "An input typed `unknown` accepts any JSON",
    fix: "Give the input a precise type if it has one.",
  },
  FS103: {
    severity: "note",
    title: "An input cannot cross JSON: the guard is in-process only, or its tool omits the input",
    fix: "None if intended; else replace the live value (Date, Map, class, function) with JSON data.",
  },
  FS104: {
    severity: "note",
    title: "A generic type parameter of check() is mapped to its constraint",
    fix: "None if intended: the tool accepts anything the constraint admits; else write the concrete type.",
  },
  FS105: {
    severity: "note",
    title: "A tuple mixing item types: exact in tools.json, its positions in prose in portable exports",
    fix: "None if intended (the runtime checks each position), else the object the message shows.",
  },
  FS106: {
    severity: "note",
    title: "A recursive type is nested to the depth its @maxDepth tag states",
    fix: "None if intended: a deeper value is rejected; else raise the bound (at most 8).",
  },
  FS109: {
    severity: "warning",
    title: "A unit or convention phrase of a tool description is cut from the compact exports",
    fix: "Say the phrase in the summary paragraph or in the input's description (exports keep both).",
  },
} as const satisfies Record<string, CodeInfo>;

export type DiagnosticCode = keyof typeof CODES;

export const ALL_CODES = Object.keys(CODES).sort() as DiagnosticCode[];
