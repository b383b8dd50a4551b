// Data source service_status_page: one status page by id (SPEC 2.11). The password is never returned,
// so it is always null here.
import { apiError, type Api } from '../client/api';
import { defineDataSource } from '../framework/resource';
import { ProviderError, type Attribute } from '../framework/types';
import { statusPageFromProto, statusPageModel, type StatusPageModel } from './status-page.mapping';
import { statusPageAttributes } from './status-page.resource';

const TYPE = 'service_status_page';

/** The resource's attributes, read-only: same names, types and meaning, no validators or defaults. */
function computedCopy(attribute: Attribute): Attribute {
  const copy: Attribute = { description: attribute.description, computed: true };
  if (attribute.type) copy.type = attribute.type;
  if (attribute.sensitive) copy.sensitive = true;
  if (attribute.nested) {
    copy.nested = {
      nesting: attribute.nested.nesting,
      attributes: Object.fromEntries(Object.entries(attribute.nested.attributes).map(([k, a]) => [k, computedCopy(a)])),
    };
  }
  return copy;
}

const attributes: Record<string, Attribute> = Object.fromEntries(
  Object.entries(statusPageAttributes).map(([name, attribute]) => [name, computedCopy(attribute)]),
);
attributes.id = { description: 'ID of the status page.', type: 'string', required: true };
attributes.password = {
  description: 'Always null: the service stores only a hash of the password and never returns it.',
  type: 'string',
  computed: true,
  sensitive: true,
};

export const statusPageDataSource = defineDataSource<Api, StatusPageModel>({
  typeName: TYPE,
  model: statusPageModel,
  description: 'Reads a status page by id.',
  schema: { attributes },

  async read(api, config) {
    const id = config.id ?? '';
    try {
      const { statusPage } = await api.statusPages.getStatusPage({ id });
      if (!statusPage) throw new ProviderError(`Could not read ${TYPE}`, `The service answered without page ${id}.`);
      return statusPageFromProto(statusPage, null);
    } catch (err) {
      if (err instanceof ProviderError) throw err;
      throw apiError('read', TYPE, err, 'statusPage');
    }
  },
});
