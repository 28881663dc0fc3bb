import * as path from "path";
import * as ts from "typescript";
import { KubernetesObject } from "./kubernetes-object";
import { modelClass, modelModule } from "./kubernetes-models";
import { describeObject, ManifestProblem } from "./problem";

// Virtual files are placed in the repo so that "kubernetes-models" resolves from its node_modules.
const VIRTUAL_DIR = path.resolve(__dirname, "..");

/**
 * Finds fields that the Kubernetes API does not have, such as `imagee` or `containerport`, which
 * the API server drops or (with strict field validation) rejects. kubernetes-models' JSON schemas
 * accept unknown fields, but its type declarations, generated from the same OpenAPI schema, are
 * closed: each object is type-checked as an object literal of its kind's interface, and
 * TypeScript's excess-property check reports every field the schema does not define, at any
 * depth. Type and required-field errors show up here too, with the offending line.
 */
export function unknownFieldProblems(objects: readonly KubernetesObject[]): ManifestProblem[] {
    const files = new Map<string, { object: KubernetesObject; text: string }>();
    objects.forEach((o, i) => {
        if (!modelClass(o.apiVersion, o.kind)) {
            return; // schemaProblems reports kinds the API does not have
        }
        const literal = JSON.stringify(o, null, 2);
        const text =
            `import { I${o.kind} } from ${JSON.stringify(modelModule(o.apiVersion, o.kind))};\n` +
            `export const object: I${o.kind} = ${literal};\n`;
        files.set(path.join(VIRTUAL_DIR, `__manifest_object_${i}__.ts`), { object: o, text });
    });
    if (files.size === 0) {
        return [];
    }

    const options: ts.CompilerOptions = {
        strict: true,
        noEmit: true,
        skipLibCheck: true,
        target: ts.ScriptTarget.ES2020,
        module: ts.ModuleKind.CommonJS,
        moduleResolution: ts.ModuleResolutionKind.Node10,
        types: [],
    };
    const host = ts.createCompilerHost(options);
    const readFile = host.readFile.bind(host);
    const getSourceFile = host.getSourceFile.bind(host);
    host.fileExists = (f) => files.has(f) || ts.sys.fileExists(f);
    host.readFile = (f) => files.get(f)?.text ?? readFile(f);
    host.getSourceFile = (f, lang, ...rest) =>
        files.has(f) ? ts.createSourceFile(f, files.get(f)!.text, lang, true) : getSourceFile(f, lang, ...rest);

    const program = ts.createProgram([...files.keys()], options, host);
    const problems: ManifestProblem[] = [];
    for (const [file, { object }] of files) {
        const source = program.getSourceFile(file)!;
        for (const d of [...program.getSyntacticDiagnostics(source), ...program.getSemanticDiagnostics(source)]) {
            const line = d.start === undefined ? undefined : source.getLineAndCharacterOfPosition(d.start).line;
            const where = line === undefined ? "" : ` (at ${source.text.split("\n")[line].trim()})`;
            problems.push({
                object: describeObject(object),
                message: ts.flattenDiagnosticMessageText(d.messageText, " ") + where,
            });
        }
    }
    return problems;
}
