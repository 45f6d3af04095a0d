import { createRequire as __prDebateCreateRequire } from 'node:module'; const require = __prDebateCreateRequire(import.meta.url);
import{b as a,c as b}from"./chunk-6S4RBIY3.js";import"./chunk-RSPIU3JM.js";import"./chunk-6HEHHVBH.js";import"./chunk-IYIB6YH7.js";import"./chunk-7N2HJASY.js";import"./chunk-ZMAPT3XZ.js";import"./chunk-PFJPYZHA.js";import"./chunk-ZWPP4WY6.js";export{b as jobCancellation,a as startModels};
//# sourceMappingURL=start-models-2ANVF3WA.js.map
