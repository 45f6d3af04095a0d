import { createRequire as __prDebateCreateRequire } from 'node:module'; const require = __prDebateCreateRequire(import.meta.url);
import{p as a}from"./chunk-U2UHX6AI.js";import"./chunk-T7LES7DC.js";import"./chunk-UZ6OY4QE.js";import"./chunk-6MYNC3HH.js";import"./chunk-STVPXXCP.js";import"./chunk-QAZZSK5Y.js";import"./chunk-TM6YCCPC.js";import"./chunk-JZTNIOVD.js";import"./chunk-6ZY7HJP6.js";import"./chunk-GC4KKHN5.js";import"./chunk-PFJPYZHA.js";import"./chunk-TPI73ZTB.js";import"./chunk-ZWPP4WY6.js";export{a as runPipeline};
//# sourceMappingURL=run-pipeline-ELKEJU5L.js.map
