/**
 * The one form hook of the web app: the values, an error per field (shown under the field and
 * wired to aria-invalid/aria-describedby by TextField and SelectField), a form-level error or
 * success message, and the submit state. On a refused submit focus moves to the first invalid
 * field in document order.
 */
import { useRef, useState, type ChangeEvent, type SyntheticEvent } from 'react';

export type FieldErrors<K extends string> = Partial<Record<K, string>>;

/** What a form's check gives: the input to send, or what is wrong with each field. */
export type Checked<T, K extends string> =
  { input: T; errors: null } | { input: null; errors: FieldErrors<K> };

/** A submit's failure told in words: under fields, for the whole form, or both. */
export type Failure<K extends string> = { fields?: FieldErrors<K>; form?: string | null };

type Fieldable = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;

export type FormOptions<V extends Record<string, unknown>, T> = {
  initial: V | (() => V);
  /** Checks the values; `input` is what `submit` receives. */
  check: (values: V) => Checked<T, keyof V & string>;
  /** Sends the input; resolves to a success message to show (a string), or anything else. */
  submit: (input: T) => Promise<unknown>;
  /** Puts a failed submit into words; by default the error's own message for the whole form. */
  describeFailure?: (error: unknown) => Failure<keyof V & string> | null;
};

function firstInDocumentOrder(elements: Fieldable[]): Fieldable | undefined {
  return [...elements].sort((a, b) =>
    a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING ? -1 : 1,
  )[0];
}

export function useForm<V extends Record<string, unknown>, T>(options: FormOptions<V, T>) {
  type K = keyof V & string;
  const [initial, setInitial] = useState(options.initial);
  const [values, setValues] = useState<V>(initial);
  const [errors, setErrors] = useState<FieldErrors<K>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [success, setSuccess] = useState<string | null>(null);
  const [isSubmitting, setIsSubmitting] = useState(false);
  const elements = useRef(new Map<K, Fieldable>());
  const busy = useRef(false);

  const focusFirst = (invalid: FieldErrors<K>): void => {
    const found = (Object.keys(invalid) as K[])
      .filter((name) => invalid[name])
      .map((name) => elements.current.get(name))
      .filter((element): element is Fieldable => element?.isConnected === true);
    firstInDocumentOrder(found)?.focus();
  };

  const set = <N extends K>(name: N, value: V[N]): void => {
    setValues((current) => ({ ...current, [name]: value }));
    // A field being fixed stops shouting; the form's message stays until the next submit.
    setErrors((current) =>
      current[name]
        ? (Object.fromEntries(
            Object.entries(current).filter(([key]) => key !== name),
          ) as FieldErrors<K>)
        : current,
    );
  };

  /** Props for a TextField or SelectField bound to a string value. */
  const field = (name: K) => ({
    name,
    value: values[name] as string,
    error: errors[name] ?? null,
    ref: (element: Fieldable | null) => {
      if (element) elements.current.set(name, element);
      else elements.current.delete(name);
    },
    onChange: (event: ChangeEvent<Fieldable>) => {
      set(name, event.target.value as V[K]);
    },
  });

  const fail = (failure: Failure<K>): void => {
    const fields = failure.fields ?? {};
    setErrors(fields);
    setFormError(failure.form ?? null);
    focusFirst(fields);
  };

  /** Checks and sends; `focusInvalid` false leaves focus alone (a check on blur). */
  const trySubmit = (focusInvalid = true): void => {
    if (busy.current) return;
    const checked = options.check(values);
    if (checked.input === null) {
      const fields = checked.errors ?? {};
      setErrors(fields);
      setFormError(null);
      setSuccess(null);
      if (focusInvalid) focusFirst(fields);
      return;
    }
    const input = checked.input;
    busy.current = true;
    setIsSubmitting(true);
    setErrors({});
    setFormError(null);
    setSuccess(null);
    options
      .submit(input)
      .then((message) => {
        setSuccess(typeof message === 'string' ? message : null);
      })
      .catch((error: unknown) => {
        const described = options.describeFailure?.(error);
        if (described === null) return;
        fail(described ?? { form: error instanceof Error ? error.message : String(error) });
      })
      .finally(() => {
        busy.current = false;
        setIsSubmitting(false);
      });
  };

  const onSubmit = (event?: SyntheticEvent): void => {
    event?.preventDefault();
    trySubmit();
  };

  /** Back to the starting values (or new ones, which become the start), without errors. */
  const reset = (next: V = initial): void => {
    setInitial(next);
    setValues(next);
    setErrors({});
    setFormError(null);
  };

  const isDirty = (Object.keys(values) as K[]).some((name) => values[name] !== initial[name]);

  return {
    values,
    set,
    field,
    errors,
    formError,
    success,
    isSubmitting,
    isDirty,
    onSubmit,
    trySubmit,
    reset,
    fail,
  };
}

/**
 * A whole number typed into a field, or null when the text is blank, not a number, a fraction,
 * or outside min–max. No silent rounding or clamping: the user sees what is wrong instead.
 */
export function parseWholeNumber(text: string, min: number, max: number): number | null {
  const trimmed = text.trim();
  if (!/^[+-]?\d+$/.test(trimmed)) return null;
  const value = Number(trimmed);
  return Number.isSafeInteger(value) && value >= min && value <= max ? value : null;
}

type SafeParser<T> = {
  safeParse: (
    value: unknown,
  ) =>
    | { success: true; data: T }
    | { success: false; error: { issues: { path: PropertyKey[]; message: string }[] } };
};

/** A form check from a wire schema: each issue's message goes under the field it names. */
export function checkWith<V extends Record<string, unknown>, T>(
  schema: SafeParser<T>,
  values: V,
): Checked<T, keyof V & string> {
  const parsed = schema.safeParse(values);
  if (parsed.success) return { input: parsed.data, errors: null };
  const errors: FieldErrors<keyof V & string> = {};
  for (const issue of parsed.error.issues) {
    const name = issue.path[0];
    if (typeof name === 'string' && name in values)
      errors[name as keyof V & string] ??= issue.message;
  }
  return { input: null, errors };
}
