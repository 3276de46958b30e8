/**
 * The Server registry section: which MCP registry Servers › Browse reads. Any registry serving the
 * MCP registry API (v0.1) will do: a company's own, a marketplace, or the official one (default).
 */
import { registrySettingsSchema, type Settings } from '../../../preload/contract';
import { OFFICIAL_REGISTRY_URL } from '../../../preload/schemas/registry';
import { Section, TextSetting } from './fields';
import type { Update } from './useDraft';

export function RegistrySection({ settings, update }: { settings: Settings; update: Update }) {
  return (
    <Section title="Server registry">
      <TextSetting
        label="Registry address"
        hint="Where Servers › Browse registry finds servers: any registry that serves the MCP registry API (v0.1). Empty: the official registry."
        saved={settings.registry.url}
        save={update}
        placeholder={OFFICIAL_REGISTRY_URL}
        resetLabel="Use the official registry"
        check={(text) => {
          const url = text.trim() || OFFICIAL_REGISTRY_URL;
          return registrySettingsSchema.shape.url.unwrap().safeParse(url).success
            ? { patch: { registry: { url } } }
            : { error: 'Use an http:// or https:// address.' };
        }}
      />
    </Section>
  );
}
