declare const got: import("./types").Got;
export default got;
export * from './create';
export * from './as-promise';
