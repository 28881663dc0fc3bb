import * as ts from "typescript";

/** Calls that pass an object through (a hatch that adds annotations or containers), not builders of their own. */
const PASS_THROUGH = new Set(["withWorkloadHatch", "withIngressAnnotations"]);
/** Array methods whose receiver holds the objects their callback registers. */
const ITERATION = new Set(["map", "forEach", "flatMap", "filter"]);

function unwrap(e: ts.Expression): ts.Expression {
    while (ts.isAsExpression(e) || ts.isNonNullExpression(e) || ts.isParenthesizedExpression(e)) {
        e = e.expression;
    }
    return e;
}

function calleeName(call: ts.CallExpression): string | undefined {
    const c = call.expression;
    return ts.isIdentifier(c) ? c.text : ts.isPropertyAccessExpression(c) ? c.name.text : undefined;
}

/** The closest declaration of `name` before `at`: a const, a destructured name, or a callback's parameter. */
function declarationOf(file: ts.SourceFile, name: string, at: number): ts.Node | undefined {
    let found: ts.Node | undefined;
    const visit = (n: ts.Node): void => {
        if (n.pos >= at) {
            return;
        }
        if ((ts.isVariableDeclaration(n) || ts.isBindingElement(n) || ts.isParameter(n)) && ts.isIdentifier(n.name) && n.name.text === name) {
            found = n;
        }
        ts.forEachChild(n, visit);
    };
    visit(file);
    return found;
}

/** Where a declared name's value comes from: a const's initialiser, the array a loop or a callback walks. */
function sourceOf(decl: ts.Node): ts.Expression | undefined {
    if (ts.isVariableDeclaration(decl) && decl.initializer) {
        return decl.initializer;
    }
    let n: ts.Node = decl;
    while (ts.isBindingElement(n) || ts.isObjectBindingPattern(n) || ts.isArrayBindingPattern(n) || ts.isParameter(n) || ts.isVariableDeclaration(n) || ts.isVariableDeclarationList(n)) {
        n = n.parent;
    }
    if (ts.isForOfStatement(n)) {
        return n.expression;
    }
    if ((ts.isArrowFunction(n) || ts.isFunctionExpression(n)) && ts.isCallExpression(n.parent) && ts.isPropertyAccessExpression(n.parent.expression)) {
        return n.parent.expression.expression;
    }
    return undefined;
}

/** The builders an object expression comes from, followed through variables, loops, callbacks and pass-through hatches. */
function buildersOf(file: ts.SourceFile, expr: ts.Expression, depth = 0): string[] {
    const e = unwrap(expr);
    if (depth > 20) {
        return [];
    }
    if (ts.isCallExpression(e)) {
        const name = calleeName(e);
        if (name !== undefined && ITERATION.has(name) && ts.isPropertyAccessExpression(e.expression)) {
            return buildersOf(file, e.expression.expression, depth + 1);
        }
        if (name !== undefined && PASS_THROUGH.has(name) && e.arguments.length > 0) {
            return buildersOf(file, e.arguments[0], depth + 1);
        }
        return name === undefined ? [] : [name];
    }
    if (ts.isBinaryExpression(e) && e.operatorToken.kind === ts.SyntaxKind.AmpersandAmpersandToken) {
        return buildersOf(file, e.left, depth + 1);
    }
    if (ts.isConditionalExpression(e)) {
        return [...buildersOf(file, e.whenTrue, depth + 1), ...buildersOf(file, e.whenFalse, depth + 1)];
    }
    if (ts.isPropertyAccessExpression(e)) {
        return buildersOf(file, e.expression, depth + 1);
    }
    if (ts.isIdentifier(e)) {
        const decl = declarationOf(file, e.text, e.getStart(file));
        const from = decl && sourceOf(decl);
        return from ? buildersOf(file, from, depth + 1) : [];
    }
    return [];
}

/** One `new k8s.<group>.<version>.<Kind>(name, object, ...)` of a component, with the builders its object comes from. */
export interface Registration {
    kind: string;
    line: number;
    builders: string[];
}

/** Every Kubernetes object a component's source registers, with the builders each comes from (none found: an empty list). */
export function registrations(fileName: string, source: string): Registration[] {
    const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true);
    const found: Registration[] = [];
    const visit = (n: ts.Node): void => {
        if (ts.isNewExpression(n) && n.arguments && n.arguments.length >= 2) {
            const text = n.expression.getText(file);
            if (/^k8s\.[A-Za-z0-9]+\.[A-Za-z0-9]+\.[A-Za-z]+$/.test(text)) {
                found.push({ kind: text.split(".")[3], line: file.getLineAndCharacterOfPosition(n.getStart(file)).line + 1, builders: buildersOf(file, n.arguments[1]) });
            }
        }
        ts.forEachChild(n, visit);
    };
    visit(file);
    return found;
}

/** Every function a registry source calls. */
export function calledIn(fileName: string, source: string): Set<string> {
    const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true);
    const called = new Set<string>();
    const visit = (n: ts.Node): void => {
        if (ts.isCallExpression(n)) {
            const name = calleeName(n);
            if (name !== undefined) {
                called.add(name);
            }
        }
        ts.forEachChild(n, visit);
    };
    visit(file);
    return called;
}

/**
 * The objects a component registers that its registry does not build: each one with a builder the
 * registry never calls, or whose builder this reading cannot find (so it cannot be checked), as
 * "<file>:<line> <Kind> from <builders>". `listedByName`: builders whose objects the registry lists
 * by the names they give, without calling them, each for a reason its caller states.
 */
export function unregisteredBuilders(component: { fileName: string; source: string }, registry: { fileName: string; source: string }, listedByName: readonly string[] = []): string[] {
    const called = new Set([...calledIn(registry.fileName, registry.source), ...listedByName]);
    return registrations(component.fileName, component.source)
        .filter((r) => r.builders.length === 0 || !r.builders.every((b) => called.has(b)))
        .map((r) => `${component.fileName}:${r.line} ${r.kind} from ${r.builders.length === 0 ? "no builder found" : r.builders.join(" and ")}`);
}
