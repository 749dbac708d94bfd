// A DOM first: React DOM looks for one when it is imported (see test-dom.mjs).
import '../../../test-dom.mjs';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { Dialog } from './Dialog';

function Form() {
  const [text, setText] = useState('');
  const [open, setOpen] = useState(true);
  return (
    <Dialog open={open} onOpenChange={setOpen} title="Create Habit" isDirty={text !== ''}>
      <input aria-label="Title" />
      <textarea
        aria-label="Description"
        value={text}
        onChange={(event) => {
          setText(event.target.value);
        }}
      />
    </Dialog>
  );
}

describe('Dialog with changes', () => {
  it('"Keep editing" gives the focus back to the field being edited', async () => {
    render(<Form />);
    const description = screen.getByLabelText<HTMLTextAreaElement>('Description');
    act(() => {
      description.focus();
    });
    fireEvent.change(description, { target: { value: 'Why it matters' } });
    fireEvent.keyDown(description, { key: 'Escape' });
    const ask = await screen.findByRole('alertdialog', { name: 'Discard changes?' });
    expect(document.activeElement).toBe(within(ask).getByRole('button', { name: 'Keep editing' }));
    fireEvent.click(within(ask).getByRole('button', { name: 'Keep editing' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(document.activeElement).toBe(description);
    expect(description.value).toBe('Why it matters');
  });
});
