import { createRequire as __prDebateCreateRequire } from 'node:module'; const require = __prDebateCreateRequire(import.meta.url);
import{a,b,c,d,e}from"./chunk-BGHJFKRZ.js";import"./chunk-SV4YZD2F.js";import"./chunk-QOHSL6L2.js";import"./chunk-7N2HJASY.js";import"./chunk-ZMAPT3XZ.js";import"./chunk-PFJPYZHA.js";import"./chunk-ZWPP4WY6.js";export{e as MISSING_API_KEY,b as checkSettings,d as providersOf,a as purposeOf,c as withModels};
//# sourceMappingURL=settings-NFYURZSI.js.map
