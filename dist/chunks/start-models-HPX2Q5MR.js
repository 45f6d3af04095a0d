import { createRequire as __prDebateCreateRequire } from 'node:module'; const require = __prDebateCreateRequire(import.meta.url);
import{b as a,c as b}from"./chunk-7UZXUQ4F.js";import"./chunk-F2O33JHL.js";import"./chunk-4O37T4YR.js";import"./chunk-YEN4YRGA.js";import"./chunk-QZG7ZSP2.js";import"./chunk-CUXKA47D.js";import"./chunk-PFJPYZHA.js";import"./chunk-ZWPP4WY6.js";export{b as jobCancellation,a as startModels};
//# sourceMappingURL=start-models-HPX2Q5MR.js.map
