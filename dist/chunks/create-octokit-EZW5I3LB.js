import { createRequire as __prDebateCreateRequire } from 'node:module'; const require = __prDebateCreateRequire(import.meta.url);
import{f as a,g as b,l as c,m as d,n as e}from"./chunk-YSCAZCOJ.js";import"./chunk-PUJOVTWN.js";import"./chunk-TPI73ZTB.js";import"./chunk-ZWPP4WY6.js";export{a as MAX_RATE_LIMIT_WAIT_S,b as REQUEST_TIMEOUT_MS,d as createGitHubClients,c as createOctokit,e as readClient};
//# sourceMappingURL=create-octokit-EZW5I3LB.js.map
