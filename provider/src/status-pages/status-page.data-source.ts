// Data source service_status_page: one status page by id (SPEC 2.11). The password is never returned,
// so it is always null here.
import { apiError } from '../client/api';
import { ProviderError, type Attribute, type DataSourceDefinition } from '../framework/types';
import { statusPageFromProto } from './status-page.mapping';
import { statusPageAttributes } from './status-page.resource';
import { idOf } from '../framework/state-values';

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

export const statusPageDataSource: DataSourceDefinition = {
  typeName: TYPE,
  description: 'Reads a status page by id.',
  schema: { attributes },

  async read(api, config) {
    const id = idOf(config.id);
    try {
      const { statusPage } = await api.statusPages.getStatusPage({ id });
      if (!statusPage) throw new ProviderError(`Could not read ${TYPE}`, `The service answered without page ${id}.`);
      return statusPageFromProto(statusPage, null);
    } catch (err) {
      if (err instanceof ProviderError) throw err;
      throw apiError('read', TYPE, err, 'statusPage');
    }
  },
};
