/**
 * autocannon's setupRequest for the search benchmark (bench/api.ts). autocannon loads it by path in its worker
 * thread, since a function cannot be handed to a worker. Each request takes the next path of the JSON list named
 * by KF_BENCH_PATHS, so consecutive requests ask for different queries.
 */
'use strict';
const { readFileSync } = require('node:fs');

const paths = JSON.parse(readFileSync(process.env.KF_BENCH_PATHS, 'utf8'));
let next = 0;

module.exports = (request) => {
  request.path = paths[next];
  next = (next + 1) % paths.length;
  return request;
};
