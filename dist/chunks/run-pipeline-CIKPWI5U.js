import { createRequire as __prDebateCreateRequire } from 'node:module'; const require = __prDebateCreateRequire(import.meta.url);
import{p as a}from"./chunk-45BXFGCC.js";import"./chunk-S7B5WD7T.js";import"./chunk-PGQ2QHJK.js";import"./chunk-6MYNC3HH.js";import"./chunk-STVPXXCP.js";import"./chunk-XJK34AG6.js";import"./chunk-TM6YCCPC.js";import"./chunk-JZTNIOVD.js";import"./chunk-5JESRA22.js";import"./chunk-GC4KKHN5.js";import"./chunk-PFJPYZHA.js";import"./chunk-TPI73ZTB.js";import"./chunk-ZWPP4WY6.js";export{a as runPipeline};
//# sourceMappingURL=run-pipeline-CIKPWI5U.js.map
