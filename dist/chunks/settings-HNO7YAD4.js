import { createRequire as __prDebateCreateRequire } from 'node:module'; const require = __prDebateCreateRequire(import.meta.url);
import{a,b,c,d,e}from"./chunk-MSKP245J.js";import"./chunk-ODTHTMOG.js";import"./chunk-IF2EQ6DM.js";import"./chunk-FHD2U7YH.js";import"./chunk-UC4VDMK3.js";import"./chunk-PFJPYZHA.js";import"./chunk-ZWPP4WY6.js";export{e as MISSING_API_KEY,b as checkSettings,d as providersOf,a as purposeOf,c as withModels};
//# sourceMappingURL=settings-HNO7YAD4.js.map
