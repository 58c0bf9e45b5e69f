// Type-checks TypeScript text with the compiler API under the project's tsconfig options, without
// writing a file: each text is served at the path given (inside the repository, so imports resolve
// as they would for a file there, the package's own name included).
import path from "node:path";
import ts from "typescript";

export const ROOT = path.resolve(import.meta.dirname, "../..");

function projectOptions(): ts.CompilerOptions {
  const configPath = path.join(ROOT, "tsconfig.json");
  const { config } = ts.readConfigFile(configPath, ts.sys.readFile);
  const parsed = ts.parseJsonConfigFileContent(config, ts.sys, ROOT, undefined, configPath);
  return { ...parsed.options, noEmit: true, incremental: false };
}

/** The type errors of `files` (absolute path -> text), each as `file:line:col: message`. */
export function typeErrors(files: ReadonlyMap<string, string>): string[] {
  const options = projectOptions();
  const host = ts.createCompilerHost(options, true);
  const readFile = host.readFile.bind(host);
  const fileExists = host.fileExists.bind(host);
  const getSourceFile = host.getSourceFile.bind(host);
  host.readFile = (f) => files.get(path.resolve(f)) ?? readFile(f);
  host.fileExists = (f) => files.has(path.resolve(f)) || fileExists(f);
  host.getSourceFile = (f, lang, onError, create) => {
    const text = files.get(path.resolve(f));
    return text === undefined ? getSourceFile(f, lang, onError, create) : ts.createSourceFile(f, text, lang, true);
  };
  const program = ts.createProgram([...files.keys()], options, host);
  return ts
    .getPreEmitDiagnostics(program)
    .filter((d) => d.file === undefined || files.has(path.resolve(d.file.fileName)))
    .map((d) => {
      const text = ts.flattenDiagnosticMessageText(d.messageText, "\n");
      if (!d.file || d.start === undefined) return text;
      const { line, character } = d.file.getLineAndCharacterOfPosition(d.start);
      return `${path.relative(ROOT, d.file.fileName)}:${line + 1}:${character + 1}: ${text}`;
    });
}
