export default function deepFreeze<T extends Record<string, any>>(object: T): Readonly<T>;
