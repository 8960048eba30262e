// `npm start` and `npm run serve` are production unless NODE_ENV says otherwise. React, react-dom and
// Express choose their builds from NODE_ENV when first loaded, so server.ts imports this module first.
process.env.NODE_ENV ||= "production";
