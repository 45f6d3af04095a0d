/** Text files imported as strings (`?raw`), resolved by esbuild's text loader and by vitest. */
declare module '*.md?raw' {
  const text: string;
  export default text;
}
