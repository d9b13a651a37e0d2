/**
 * Issue 24, part 6, under the profile the suite runs against (`DSIPFORM_TEST_PROFILE=current` for
 * the deployed platform's twin): carrier-group bodies as the vendor writes them are taken, and the
 * client's own writes never walk into the platform's harmful paths (a string `gwid` on PUT
 * /endpointgroups, a weight lost because it was not sent again, `endpoints: null`, an id in the query).
 */
import { describe, expect, it } from 'vitest';
import type { CarrierGroupContent } from '../../src/model/carrier-group.js';
import { emulatorFixture, TEST_PROFILE } from '../helpers/emulator.js';
import { call } from '../emulator/helpers.js';

/** A carrier-group body in the vendor's own shape: a `plugin` section, endpoints with `ip_addr`. */
const VENDOR_BODY = {
  name: 'Vendor style',
  gwgroupid: '',
  plugin: { name: '' },
  endpoints: [{ name: 'gw1', ip_addr: '192.0.2.10', strip: '', prefix: '' }],
  unknown_extra: 'ignored',
};

describe(`groups as the platform writes them (${TEST_PROFILE} profile)`, () => {
  it('a carrier-group body with keys the platform does not read (plugin, ip_addr) is taken, ip_addr as the hostname', async () => {
    const { emu } = await emulatorFixture();
    const made = await call(emu, 'POST', '/carriergroups', { body: VENDOR_BODY });
    expect(made.status, made.text).toBe(200);
    const read = await call(emu, 'GET', '/carriergroups/11');
    expect(read.json.data[0]).toMatchObject({ name: 'Vendor style', endpoints: [{ name: 'gw1', hostname: '192.0.2.10:5060' }] });
  });

  it('the endpoint groups API still refuses a key it does not know, as the platform does', async () => {
    const { emu } = await emulatorFixture();
    const res = await call(emu, 'POST', '/endpointgroups', { body: { name: 'P', plugin: {} } });
    expect(res.status).toBe(400);
    expect(res.json.msg).toBe("Request argument 'plugin' not recognized");
  });

  it('the client sends every endpoint its gwid and weight as text, and endpoints as a list: weights survive update after update', async () => {
    const { emu, client } = await emulatorFixture();
    const content: CarrierGroupContent = {
      name: 'Acme',
      lb_enabled: false,
      endpoints: [
        { name: 'east', hostname: 'sip.acme.example', strip: 0, prefix: '', weight: 3 },
        { name: 'west', hostname: '192.0.2.7:5080', strip: 0, prefix: '', weight: 5 },
      ],
    };
    const id = await client.createCarrierGroup(content);
    await client.updateCarrierGroup(id, content, [56, 57]);
    await client.updateCarrierGroup(id, { ...content, name: 'Acme 2' }, [56, 57]);
    expect((await client.getCarrierGroup(id))?.endpoints.map((e) => [e.name, e.weight])).toEqual([
      ['east', 3],
      ['west', 5],
    ]);
    // The platform keeps gateway ids: the two updates made none.
    const raw = await call(emu, 'GET', `/endpointgroups/${id}`);
    expect(raw.json.data[0].endpoints.map((e: { gwid: number }) => e.gwid)).toEqual([56, 57]);
  });
});
