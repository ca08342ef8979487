// The one reading of a path template every caller shares (the emulator's router, coverage, the journal
// filter, fault rules, the client's errors): its text is literal, any `{name}` is a parameter, and a
// request path matches whether its characters come as they are or percent-encoded.
import { describe, expect, it } from 'vitest';
import { pathParameterNames, pathPattern } from '../../src/contract/path-template.js';

describe('pathPattern', () => {
  it.each([
    // template, request path, the values captured (undefined: no match)
    ['/streaming/videos/{video_id}', '/streaming/videos/1444', ['1444']],
    ['/streaming/videos/{video_id}', '/streaming/videos/1444/extra', undefined],
    ['/streaming/videos/{video_id}', '/streaming/videos/', undefined],
    ['/zones/{zone-name}', '/zones/example.com', ['example.com']],
    ['/zones/{zone.name}/{$x}', '/zones/a/b', ['a', 'b']],
    ['/files/{name}.json', '/files/report.json', ['report']],
    ['/files/{name}.json', '/files/reportXjson', undefined],
    ['/files/{name}.json', '/files/report%2Ejson', ['report']],
    ['/v1.0/items/{id}', '/v1.0/items/5', ['5']],
    ['/v1.0/items/{id}', '/v1x0/items/5', undefined],
    ['/a+b/{id}', '/aab/1', undefined],
    ['/a+b/{id}', '/a+b/1', ['1']],
    ['/(x)|y/{id}', '/(x)|y/1', ['1']],
    ['/(x)|y/{id}', '/y/1', undefined],
    ['/météo/{ville}', '/météo/paris', ['paris']],
    ['/météo/{ville}', '/m%C3%A9t%C3%A9o/paris', ['paris']],
    ['/météo/{ville}', '/m%c3%a9t%c3%a9o/paris', ['paris']],
    ['/météo/{ville}', '/meteo/paris', undefined],
    ['/météo/{ville}', '/m%C3%A9t%C3%A9o/l%C3%A9on', ['l%C3%A9on']],
    ['/a/b', '/a%2Fb', undefined],
    ['/a/{x}', '/a/b%2Fc', ['b%2Fc']],
    ['/emoji/😀/{x}', '/emoji/%F0%9F%98%80/1', ['1']],
  ])('%s against %s', (template, path, captured) => {
    expect(pathPattern(template).exec(path)?.slice(1)).toEqual(captured);
  });
});

describe('pathParameterNames', () => {
  it.each([
    ['/streaming/videos/{video_id}', ['video_id']],
    ['/zones/{zone-name}/rrsets/{rrset.name}', ['zone-name', 'rrset.name']],
    ['/files/{name}.json', ['name']],
    ['/plain', []],
  ])('%s', (template, names) => {
    expect(pathParameterNames(template)).toEqual(names);
  });
});
