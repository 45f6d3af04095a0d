import { createRequire as __prDebateCreateRequire } from 'node:module'; const require = __prDebateCreateRequire(import.meta.url);
import{b as a,c as b}from"./chunk-D74KO34G.js";import"./chunk-VMR5446P.js";import"./chunk-6SBHCICU.js";import"./chunk-BPCSXKLM.js";import"./chunk-3FR7NQTV.js";import"./chunk-UC4VDMK3.js";import"./chunk-PFJPYZHA.js";import"./chunk-ZWPP4WY6.js";export{b as jobCancellation,a as startModels};
//# sourceMappingURL=start-models-FDST5XZO.js.map
