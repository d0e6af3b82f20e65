// Rules of the house that no published ESLint rule states exactly.

/** The name a function is known by: its own, or the variable, property or method it is bound to. */
function nameOf(node) {
  if (node.id?.name) return node.id.name;
  const parent = node.parent;
  if (parent?.type === "VariableDeclarator" && parent.id.type === "Identifier")
    return parent.id.name;
  if (
    (parent?.type === "Property" || parent?.type === "MethodDefinition") &&
    parent.key.type === "Identifier"
  )
    return parent.key.name;
  return null;
}

/**
 * No function over `max` lines (80 by default), React components aside: a component's length is
 * mostly markup, while a long function of logic hides steps that want names of their own.
 * A component is a PascalCase function in a .tsx file.
 */
const functionSize = {
  meta: {
    type: "suggestion",
    schema: [
      { type: "object", properties: { max: { type: "integer" } }, additionalProperties: false },
    ],
    messages: {
      tooLong:
        "{{name}} has {{lines}} lines (at most {{max}} outside React components): split it into named steps.",
    },
  },
  create(context) {
    const max = context.options[0]?.max ?? 80;
    const inTsx = context.filename.endsWith(".tsx");
    function check(node) {
      const lines = node.loc.end.line - node.loc.start.line + 1;
      if (lines <= max) return;
      const name = nameOf(node);
      if (inTsx && name && /^[A-Z]/.test(name)) return;
      context.report({
        node,
        messageId: "tooLong",
        data: { name: name ? `'${name}'` : "This function", lines, max },
      });
    }
    return {
      FunctionDeclaration: check,
      FunctionExpression: check,
      ArrowFunctionExpression: check,
    };
  },
};

export const house = { rules: { "function-size": functionSize } };
