import { createRequire as __prDebateCreateRequire } from 'node:module'; const require = __prDebateCreateRequire(import.meta.url);
import{a,b,c,d,e}from"./chunk-5KKIYXG7.js";import"./chunk-4MYOH4V2.js";import"./chunk-XNE3FSQH.js";import"./chunk-7N2HJASY.js";import"./chunk-ZMAPT3XZ.js";import"./chunk-PFJPYZHA.js";import"./chunk-ZWPP4WY6.js";export{e as MISSING_API_KEY,b as checkSettings,d as providersOf,a as purposeOf,c as withModels};
//# sourceMappingURL=settings-EKE4CIQH.js.map
