import { createRequire as __prDebateCreateRequire } from 'node:module'; const require = __prDebateCreateRequire(import.meta.url);
import{a,b,c,d,e}from"./chunk-AXJPGJ4V.js";import"./chunk-PBWTS3Q6.js";import"./chunk-JCULBPAV.js";import"./chunk-3FR7NQTV.js";import"./chunk-UC4VDMK3.js";import"./chunk-PFJPYZHA.js";import"./chunk-ZWPP4WY6.js";export{e as MISSING_API_KEY,b as checkSettings,d as providersOf,a as purposeOf,c as withModels};
//# sourceMappingURL=settings-27H7DLSQ.js.map
