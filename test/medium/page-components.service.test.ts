// The rules PageComponentsService's verbs carry, on a real database (SPEC §2.7, §2.8, §4.2 rule 6):
// what a component may point at, what cannot change, and how arranging is audited.
import type { ServiceContext } from '../../backend/src/common/context';
import { PageComponentsService } from '../../backend/src/status-pages/page-components.service';
import { createTestApp, newWorkspace, type TestApp } from '../support/app';
import { aComponent, aMonitor, aPage, auditLog, refusal } from '../support/service-fixtures';

describe(PageComponentsService.name, () => {
  let t: TestApp;
  let sut: PageComponentsService;
  let ctx: ServiceContext;
  let pageId: string;

  beforeAll(async () => {
    t = await createTestApp();
    sut = t.app.get(PageComponentsService);
  });

  afterAll(() => t.close());

  beforeEach(async () => {
    ctx = await newWorkspace(t);
    pageId = (await aPage(t, ctx)).id;
  });

  it('refuses a monitor component without a monitor, and a static one with a monitor (component type rule)', async () => {
    const monitor = await aMonitor(t, ctx);
    const without = await refusal(sut.createComponent(ctx, { pageId, type: 'monitor' }));
    expect(without.message).toBe('monitorId: is required when type is monitor');
    const withOne = await refusal(sut.createComponent(ctx, { pageId, type: 'static', monitorId: monitor.id }));
    expect(withOne.message).toBe('monitorId: must be empty when type is static');
  });

  it('answers NOT_FOUND for a monitor or a group it may not use (reference rule)', async () => {
    const other = await newWorkspace(t);
    const theirs = await aMonitor(t, other);
    const monitor = await refusal(sut.createComponent(ctx, { pageId, type: 'monitor', monitorId: theirs.id }));
    expect(monitor.message).toBe(`monitor ${JSON.stringify(theirs.id)} not found`);
    const elsewhere = await sut.createGroup(ctx, { pageId: (await aPage(t, ctx)).id, name: 'Elsewhere' });
    const group = await refusal(sut.createComponent(ctx, { pageId, type: 'static', name: 'x', groupId: elsewhere.id }));
    expect(group.code).toBe('NOT_FOUND');
    expect(group.message).toBe(`component group ${JSON.stringify(elsewhere.id)} not found`);
  });

  it('refuses to change the page or the type of a component or a group (fixed fields rule)', async () => {
    const component = await aComponent(t, ctx, pageId);
    const group = await sut.createGroup(ctx, { pageId, name: 'Core' });
    const otherPage = (await aPage(t, ctx)).id;
    expect((await refusal(sut.updateComponent(ctx, component.id, { pageId: otherPage }))).message).toMatch(/^pageId: /);
    expect((await refusal(sut.updateComponent(ctx, component.id, { type: 'monitor' }))).message).toMatch(/^type: /);
    expect((await refusal(sut.updateGroup(ctx, group.id, { pageId: otherPage }))).message).toMatch(/^pageId: /);
  });

  it("answers NOT_FOUND for another workspace's page, component and group, and for one of another page named by pageId (isolation rule)", async () => {
    const component = await aComponent(t, ctx, pageId);
    const group = await sut.createGroup(ctx, { pageId, name: 'Core' });
    const other = await newWorkspace(t);
    const otherPage = (await aPage(t, ctx)).id;
    for (const verb of [
      () => aComponent(t, other, pageId),
      () => sut.createGroup(other, { pageId, name: 'x' }),
      () => sut.getComponent(other, component.id),
      () => sut.updateComponent(other, component.id, { name: 'taken' }),
      () => sut.deleteComponent(other, component.id),
      () => sut.getGroup(other, group.id),
      () => sut.updateGroup(other, group.id, { name: 'taken' }),
      () => sut.deleteGroup(other, group.id),
      () => sut.listComponents(other, pageId),
      () => sut.listGroups(other, pageId),
      () => sut.arrangeComponents(other, pageId, []),
      () => sut.checkPageComponents(other, pageId, []),
      () => sut.getComponent(ctx, component.id, otherPage),
      () => sut.getGroup(ctx, group.id, otherPage),
      () => sut.checkPageComponents(ctx, otherPage, [component.id]),
    ]) {
      expect((await refusal(verb())).code).toBe('NOT_FOUND');
    }
  });

  it('arranges in one transaction: a component of another page refuses the whole arrangement (arrange rule)', async () => {
    const first = await aComponent(t, ctx, pageId, 'First');
    const stranger = await aComponent(t, ctx, (await aPage(t, ctx)).id);
    const error = await refusal(
      sut.arrangeComponents(ctx, pageId, [
        { id: first.id, order: 5, groupId: null, groupOrder: 0 },
        { id: stranger.id, order: 6, groupId: null, groupOrder: 0 },
      ]),
    );
    expect(error.code).toBe('NOT_FOUND');
    expect((await sut.getComponent(ctx, first.id)).order).toBe(0);
  });

  it('audits each component that moved, and nothing when none did (arrange audit rule)', async () => {
    const first = await aComponent(t, ctx, pageId, 'First');
    const second = await aComponent(t, ctx, pageId, 'Second');
    const group = await sut.createGroup(ctx, { pageId, name: 'Core' });
    const rows = [
      { id: first.id, order: 0, groupId: null, groupOrder: 0 },
      { id: second.id, order: 1, groupId: group.id, groupOrder: 2 },
    ];
    const before = (await auditLog(t, ctx)).length;
    const arranged = await sut.arrangeComponents(ctx, pageId, rows);
    expect(arranged.find((c) => c.id === second.id)).toMatchObject({ order: 1, groupId: group.id, groupOrder: 2 });
    await sut.arrangeComponents(ctx, pageId, rows);
    const added = (await auditLog(t, ctx)).slice(before);
    expect(added.map((e) => [e.action, e.entityId])).toEqual([['page_component.update', second.id]]);
  });

  it('leaves the components of a deleted group on the page, ungrouped (group delete rule)', async () => {
    const group = await sut.createGroup(ctx, { pageId, name: 'Core' });
    const component = await sut.createComponent(ctx, { pageId, type: 'static', name: 'API', groupId: group.id });
    await sut.deleteGroup(ctx, group.id);
    expect(await sut.getComponent(ctx, component.id)).toMatchObject({ groupId: null });
    expect(await sut.listGroups(ctx, pageId)).toEqual([]);
  });

  it("shows a component without a name of its own by its monitor's name (shown name rule)", async () => {
    const monitor = await aMonitor(t, ctx, { name: 'Checkout API' });
    const component = await sut.createComponent(ctx, { pageId, type: 'monitor', monitorId: monitor.id });
    expect(component.name).toBe('');
    expect(await sut.shownComponents(ctx, pageId)).toEqual([{ id: component.id, name: 'Checkout API' }]);
  });

  it('audits create, update and delete, and records nothing for an update that changes nothing (audit rule)', async () => {
    const component = await aComponent(t, ctx, pageId);
    await sut.updateComponent(ctx, component.id, { name: component.name });
    await sut.updateComponent(ctx, component.id, { name: 'Renamed' });
    await sut.deleteComponent(ctx, component.id);
    const entries = (await auditLog(t, ctx)).filter((e) => e.entityType === 'page_component');
    expect(entries.map((e) => e.action)).toEqual([
      'page_component.create',
      'page_component.update',
      'page_component.delete',
    ]);
    expect(entries[1].changedFields).toEqual(['name']);
  });
});
