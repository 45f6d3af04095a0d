import { createRequire as __prDebateCreateRequire } from 'node:module'; const require = __prDebateCreateRequire(import.meta.url);
import{g as a,h as b,i as c,j as d}from"./chunk-7N37L5T3.js";import"./chunk-CQYYXSKM.js";import"./chunk-TPI73ZTB.js";import"./chunk-ZWPP4WY6.js";export{b as createGitHubClients,a as createOctokit,c as readClient,d as refuseWritesOn};
//# sourceMappingURL=create-octokit-OAMBSGY5.js.map
