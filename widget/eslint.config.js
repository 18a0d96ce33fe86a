// The repository's config, plus one rule for this workspace's classic JSX (`h` is the element factory).
import root from '../eslint.config.js';

export default [
  ...root,
  {
    files: ['src/**/*.tsx'],
    languageOptions: { parserOptions: { jsxPragma: 'h', jsxFragmentName: 'Fragment' } },
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: ":function > Identifier.params[name='h'], VariableDeclarator > Identifier.id[name='h']",
          message: 'Do not name a variable `h`: JSX compiles to h(…) and would call it.',
        },
      ],
    },
  },
];
