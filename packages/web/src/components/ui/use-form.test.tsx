// A DOM first: React DOM looks for one when it is imported (see test-dom.mjs).
import '../../../test-dom.mjs';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SelectField } from './SelectField';
import { TextField } from './TextField';
import { checkWith, parseWholeNumber, useForm, type Checked } from './use-form';

afterEach(cleanup);

describe('parseWholeNumber', () => {
  it('reads whole numbers within the bounds', () => {
    expect(parseWholeNumber(' 42 ', 1, 100)).toBe(42);
    expect(parseWholeNumber('1', 1, 100)).toBe(1);
    expect(parseWholeNumber('100', 1, 100)).toBe(100);
    expect(parseWholeNumber('0', 0, 10)).toBe(0);
  });

  it('never rounds or clamps: anything else is null', () => {
    for (const text of ['2.5', '12.7', '0', '101', '-10', '', ' ', 'abc', '1e2', '0x10', '5 5']) {
      expect(parseWholeNumber(text, 1, 100)).toBeNull();
    }
  });
});

type Fields = { name: string; xp: string; kind: string };

function check(values: Fields): Checked<{ name: string; xp: number }, keyof Fields> {
  const errors: Partial<Record<keyof Fields, string>> = {};
  if (values.name.trim() === '') errors.name = 'Name is required';
  const xp = parseWholeNumber(values.xp, 1, 100);
  if (xp === null) errors.xp = 'XP must be a whole number from 1 to 100.';
  return xp === null || errors.name
    ? { input: null, errors }
    : { input: { name: values.name, xp }, errors: null };
}

function Form({ submit }: { submit: (input: { name: string; xp: number }) => Promise<unknown> }) {
  const form = useForm({
    initial: { name: '', xp: '10', kind: 'a' },
    check,
    submit,
    describeFailure: (error) =>
      error instanceof Error && error.message === 'taken'
        ? { fields: { name: 'That name is taken' } }
        : { form: 'Something went wrong' },
  });
  return (
    <form onSubmit={form.onSubmit} noValidate>
      <SelectField
        label="Kind"
        options={[
          { value: 'a', label: 'A' },
          { value: 'b', label: 'B' },
        ]}
        {...form.field('kind')}
      />
      <TextField label="Name" {...form.field('name')} />
      <TextField label="XP" hint="Between 1 and 100" {...form.field('xp')} />
      {form.formError ? <p role="alert">{form.formError}</p> : null}
      {form.success ? <p role="status">{form.success}</p> : null}
      <span data-testid="dirty">{String(form.isDirty)}</span>
      <button type="submit">{form.isSubmitting ? 'Saving' : 'Save'}</button>
    </form>
  );
}

describe('useForm', () => {
  it('puts each error under its field, wires aria-invalid/describedby and focuses the first', () => {
    const submit = vi.fn(() => Promise.resolve());
    render(<Form submit={submit} />);
    fireEvent.change(screen.getByLabelText('XP'), { target: { value: '2.5' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));

    expect(submit).not.toHaveBeenCalled();
    const name = screen.getByLabelText('Name');
    const xp = screen.getByLabelText('XP');
    expect(name.getAttribute('aria-invalid')).toBe('true');
    expect(xp.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('Name is required').id).toBe(name.getAttribute('aria-describedby'));
    // The hint stays named beside the error.
    const described = (xp.getAttribute('aria-describedby') ?? '').split(' ');
    expect(described).toHaveLength(2);
    expect(described.map((id) => document.getElementById(id)?.textContent)).toEqual([
      'Between 1 and 100',
      'XP must be a whole number from 1 to 100.',
    ]);
    expect(document.activeElement).toBe(name);
    expect(screen.getByLabelText('Kind').getAttribute('aria-invalid')).toBeNull();
  });

  it('clears a field error as that field is fixed, and sends the checked input', async () => {
    const submit = vi.fn(() => Promise.resolve('Saved!'));
    render(<Form submit={submit} />);
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByText('Name is required')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Run' } });
    expect(screen.queryByText('Name is required')).toBeNull();
    expect(screen.getByTestId('dirty').textContent).toBe('true');
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Save' }));
      await Promise.resolve();
    });
    expect(submit).toHaveBeenCalledWith({ name: 'Run', xp: 10 });
    expect((await screen.findByRole('status')).textContent).toBe('Saved!');
  });

  it('puts a refused submit under the field it names, or over the whole form', async () => {
    const submit = vi
      .fn<(input: { name: string; xp: number }) => Promise<void>>()
      .mockRejectedValueOnce(new Error('taken'))
      .mockRejectedValueOnce(new Error('boom'));
    render(<Form submit={submit} />);
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Run' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('That name is taken')).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByLabelText('Name'));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Something went wrong');
  });

  it('checks with a wire schema: each issue under the field it names', () => {
    const schema = {
      safeParse: () => ({
        success: false as const,
        error: { issues: [{ path: ['password'], message: 'Password is required' }] },
      }),
    };
    expect(checkWith(schema, { identifier: 'a', password: '' })).toEqual({
      input: null,
      errors: { password: 'Password is required' },
    });
  });
});
