// @ts-check

/** @type {string[]} */
export const deprecatedRuleNames = [];
export const fixableRuleNames = [
  "MD004", "MD005", "MD007", "MD009", "MD010", "MD011",
  "MD012", "MD014", "MD018", "MD019", "MD020", "MD021",
  "MD022", "MD023", "MD026", "MD027", "MD029", "MD030",
  "MD031", "MD032", "MD034", "MD037", "MD038", "MD039",
  "MD044", "MD047", "MD049", "MD050", "MD051", "MD053",
  "MD054", "MD058"
];
export const homepage = "https://github.com/DavidAnson/markdownlint";
export const version = "0.39.0";
