// Stands in for Gatsby's partytown plugin in the browser's production bundle (gatsby-node.ts, ADR 057): that plugin
// acts only under `gatsby develop`, yet its module brings Partytown's integration into every page (about 1 KB gzip).
module.exports = {};
