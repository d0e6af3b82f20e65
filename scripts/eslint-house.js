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
 * No function over `max` lines (80 by default), and no React component over `componentMax`
 * (150 by default): a component's length is mostly markup, so it gets more room, but a long one
 * hides parts of the screen that want components of their own. A component is a PascalCase
 * function in a .tsx file.
 */
const functionSize = {
  meta: {
    type: "suggestion",
    schema: [
      {
        type: "object",
        properties: { max: { type: "integer" }, componentMax: { type: "integer" } },
        additionalProperties: false,
      },
    ],
    messages: {
      tooLong: "{{name}} has {{lines}} lines (at most {{max}}): split it into named steps.",
      componentTooLong:
        "Component {{name}} has {{lines}} lines (at most {{max}}): split it into smaller components.",
    },
  },
  create(context) {
    const max = context.options[0]?.max ?? 80;
    const componentMax = context.options[0]?.componentMax ?? 150;
    const inTsx = context.filename.endsWith(".tsx");
    function check(node) {
      const lines = node.loc.end.line - node.loc.start.line + 1;
      const name = nameOf(node);
      const component = inTsx && name !== null && /^[A-Z]/.test(name);
      const limit = component ? componentMax : max;
      if (lines <= limit) return;
      context.report({
        node,
        messageId: component ? "componentTooLong" : "tooLong",
        data: { name: name ? `'${name}'` : "This function", lines, max: limit },
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
