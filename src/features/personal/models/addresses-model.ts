/**
 * The addresses screen (/personal/address): the list, one form for adding or editing, deleting and
 * choosing the default. Region and district come from the server's list (Uzbekistan's 12 regions,
 * Tashkent city and Karakalpakstan), so a district always belongs to its region.
 */
import { computed, signal } from '@preact/signals-react';
import { addressFieldProblem } from '../../../../server/src/contract/address-rules.js';
import { createForm, type Field, type ShowError } from '../../../lib/form';
import type { Address, AddressFields, AddressesApi, Region } from '../api/addresses';

const EMPTY: AddressFields = {
  label: '',
  region: '',
  district: '',
  street: '',
  house: '',
  apartment: '',
  postal_code: '',
};

export function createAddressesModel(deps: { api: AddressesApi; showError: ShowError }) {
  const form = createForm(deps.showError);
  const state = signal<'loading' | 'ready' | 'failed'>('loading');
  const addresses = signal<Address[]>([]);
  const regions = signal<Region[]>([]);
  /** The address being edited: null when the form is closed, 'new' when adding. */
  const editing = signal<string | null>(null);
  const field = Object.fromEntries(Object.keys(EMPTY).map((name) => [name, form.field(name, '')])) as Record<
    keyof AddressFields,
    Field<string>
  >;
  /** Every field's value, as the API takes them. */
  const fields = computed(
    () => Object.fromEntries(Object.entries(field).map(([name, one]) => [name, one.value])) as unknown as AddressFields,
  );
  const fill = (values: AddressFields) => {
    for (const [name, one] of Object.entries(field)) one.value = values[name as keyof AddressFields];
  };
  const districts = computed(() => regions.value.find((region) => region.id === fields.value.region)?.districts ?? []);

  async function reload(): Promise<void> {
    addresses.value = await deps.api.list();
  }

  function check(): boolean {
    const value = fields.peek();
    // Region and district are chosen from the server's list; the typed fields follow the contract's rules.
    for (const name of ['region', 'district'] as const) if (!value[name].trim()) form.setError(name, 'field_required');
    for (const name of ['label', 'street', 'house', 'apartment', 'postal_code'] as const) {
      const problem = addressFieldProblem(name, value[name]);
      if (problem) form.setError(name, problem);
    }
    return Object.keys(form.errors.peek()).length === 0;
  }

  return {
    form,
    state,
    addresses,
    regions,
    editing,
    field,
    fields,
    districts,

    async load(): Promise<void> {
      try {
        const [list, known] = await Promise.all([deps.api.list(), deps.api.regions()]);
        addresses.value = list;
        regions.value = known;
        state.value = 'ready';
      } catch (error) {
        deps.showError(error);
        state.value = 'failed';
      }
    },

    set(name: keyof AddressFields, value: string): void {
      // A new region empties the district: it belonged to the old one.
      field[name].set(value);
      if (name === 'region') field.district.value = '';
    },

    startAdding(): void {
      form.reset();
      fill(EMPTY);
      editing.value = 'new';
    },

    startEditing(address: Address): void {
      form.reset();
      fill({
        label: address.label ?? '',
        region: address.region,
        district: address.district,
        street: address.street,
        house: address.house,
        apartment: address.apartment ?? '',
        postal_code: address.postal_code ?? '',
      });
      editing.value = address.id;
    },

    close(): void {
      form.reset();
      editing.value = null;
    },

    /** True when saved. */
    async save(): Promise<boolean> {
      form.reset();
      if (!check()) return false;
      const id = editing.peek();
      const trimmed = Object.fromEntries(
        Object.entries(fields.peek()).map(([key, value]) => [key, value.trim()]),
      ) as AddressFields;
      const saved = await form.attempt(() =>
        id === 'new' || id === null ? deps.api.create(trimmed) : deps.api.update(id, trimmed),
      );
      if (!saved) return false;
      editing.value = null;
      await reload();
      return true;
    },

    async remove(id: string): Promise<boolean> {
      const done = await form.attempt(() => deps.api.remove(id));
      if (done === undefined) return false;
      await reload();
      return true;
    },

    async makeDefault(id: string): Promise<void> {
      if ((await form.attempt(() => deps.api.makeDefault(id))) !== undefined) await reload();
    },
  };
}

export type AddressesModel = ReturnType<typeof createAddressesModel>;
