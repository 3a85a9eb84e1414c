import { Form, useActionData, useNavigate, useNavigation } from '@remix-run/react'
import { useId, type ReactNode } from 'react'

export type FieldErrors = Record<string, string> | null | undefined

/** Field errors from the action (422): `errors[Key]` under the matching field. */
export function useFieldErrors(): FieldErrors {
  return useActionData<{ errors?: FieldErrors }>()?.errors ?? null
}

/** The first message among `keys` (the contract's key, then any other key the form also reads). */
export const errorFor = (errors: FieldErrors, ...keys: string[]) => keys.map((key) => errors?.[key]).find(Boolean)

const inputClass =
  'block w-full rounded-lg border border-gray-300 bg-white px-3 py-2 text-sm shadow-sm focus:border-brand-500 ' +
  'focus:outline-none focus:ring-2 focus:ring-brand-500/30 aria-[invalid=true]:border-red-500'

export function FieldError({ id, message }: { id: string; message?: string }) {
  if (!message) return null
  return (
    <p id={id} className="mt-1 text-sm text-red-600">
      {message}
    </p>
  )
}

type FieldProps = {
  label: string
  error?: string
  /** The control's id (by default one of its own). */
  id?: string
  children: (props: { id: string; 'aria-invalid': boolean; 'aria-describedby'?: string }) => ReactNode
}

/** A label, the control, and its server error underneath, wired together for screen readers. */
export function Field({ label, error, id: givenId, children }: FieldProps) {
  const ownId = useId()
  const id = givenId ?? ownId
  const errorId = `${id}-error`
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-gray-700">
        {label}
      </label>
      {children({ id, 'aria-invalid': !!error, 'aria-describedby': error ? errorId : undefined })}
      <FieldError id={errorId} message={error} />
    </div>
  )
}

type TextFieldProps = {
  label: string
  name: string
  error?: string
  defaultValue?: string | number | null
  type?: 'text' | 'email' | 'password' | 'number' | 'tel' | 'date'
  placeholder?: string
  autoComplete?: string
  multiline?: boolean
}

export function TextField({
  label,
  name,
  error,
  defaultValue,
  type = 'text',
  placeholder,
  autoComplete,
  multiline,
}: TextFieldProps) {
  return (
    <Field label={label} error={error}>
      {(props) =>
        multiline ? (
          <textarea
            {...props}
            name={name}
            rows={3}
            defaultValue={defaultValue ?? ''}
            placeholder={placeholder}
            className={inputClass}
          />
        ) : (
          <input
            {...props}
            name={name}
            type={type}
            defaultValue={defaultValue ?? ''}
            placeholder={placeholder}
            autoComplete={autoComplete}
            min={type === 'number' ? 0 : undefined}
            step={type === 'number' ? 1 : undefined}
            className={inputClass}
          />
        )
      }
    </Field>
  )
}

/** A text field as a form declares it: everything but its value and its error. */
export type TextFieldSpec = Omit<TextFieldProps, 'error' | 'defaultValue'>

/** The contract's error key of a field: its name with a capital (`site_name` -> `Site_name`). */
const errorKeyOf = (name: string) => name.charAt(0).toUpperCase() + name.slice(1)

/**
 * Declared text fields, each prefilled from `values[name]` (a text or a number) and with its error (`errors[Name]`)
 * underneath.
 */
export function TextFields({
  fields,
  values,
  errors,
}: {
  fields: readonly TextFieldSpec[]
  values?: { [name: string]: unknown }
  errors: FieldErrors
}) {
  const valueOf = (name: string) => {
    const value = values?.[name]
    return typeof value === 'string' || typeof value === 'number' ? value : undefined
  }
  return (
    <>
      {fields.map((field) => (
        <TextField
          key={field.name}
          {...field}
          defaultValue={valueOf(field.name)}
          error={errorFor(errors, errorKeyOf(field.name))}
        />
      ))}
    </>
  )
}

export type SelectOption = { value: string | number; label: string }

/** The `<option>`s of a select: `none` (the empty value) first when given, then the choices. */
export function Options({ none, choices }: { none?: string; choices: readonly SelectOption[] }) {
  return (
    <>
      {none === undefined ? null : <option value="">{none}</option>}
      {choices.map((choice) => (
        <option key={choice.value} value={choice.value}>
          {choice.label}
        </option>
      ))}
    </>
  )
}

/** `values` as choices, each labelled from `labels`. */
export const labelled = <T extends string>(values: readonly T[], labels: Record<T, string>): SelectOption[] =>
  values.map((value) => ({ value, label: labels[value] }))

export function SelectField({
  label,
  name,
  error,
  defaultValue,
  options,
}: {
  label: string
  name: string
  error?: string
  defaultValue?: string | number | null
  options: SelectOption[]
}) {
  return (
    <Field label={label} error={error}>
      {(props) => (
        <select {...props} name={name} defaultValue={defaultValue ?? undefined} className={inputClass}>
          <Options choices={options} />
        </select>
      )}
    </Field>
  )
}

/** A file input with what is there now (`current`) above it. */
function UploadField({
  label,
  name,
  error,
  accept,
  current,
}: {
  label: string
  name: string
  error?: string
  accept?: string
  current: ReactNode
}) {
  return (
    <Field label={label} error={error}>
      {(props) => (
        <div className="space-y-2">
          {current}
          <input
            {...props}
            name={name}
            type="file"
            accept={accept}
            className={
              'block w-full text-sm text-gray-700 file:mr-3 file:rounded-lg file:border-0 file:bg-brand-50 ' +
              'file:px-3 file:py-2 file:text-brand-700'
            }
          />
        </div>
      )}
    </Field>
  )
}

type UploadProps = { label: string; name: string; error?: string; current?: string | null }

/** An image file input (image files only), with the current image when editing. */
export function ImageField({ label = 'Image', name = 'image', error, current }: Partial<UploadProps>) {
  return (
    <UploadField
      label={label}
      name={name}
      error={error}
      accept="image/*"
      current={
        current ? (
          <img src={current} alt="" className="h-24 w-auto rounded-lg border border-gray-200 object-cover" />
        ) : null
      }
    />
  )
}

/**
 * A file input for another kind of file than a picture (a document's PDF, `accept`), with the current file named when
 * editing: leaving it empty keeps that file.
 */
export function FileField({ current, ...props }: UploadProps & { accept?: string }) {
  return <UploadField {...props} current={current ? <p className="text-sm text-gray-600">{current}</p> : null} />
}

/** A date input (`YYYY-MM-DD`), empty for none. */
export function DateField({
  label,
  name,
  error,
  defaultValue,
}: {
  label: string
  name: string
  error?: string
  defaultValue?: string | null
}) {
  return (
    <Field label={label} error={error}>
      {(props) => <input {...props} type="date" name={name} defaultValue={defaultValue ?? ''} className={inputClass} />}
    </Field>
  )
}

/** Checkboxes for ids (roles of a user, permissions of a role) under one legend. */
export function CheckboxGroup({
  legend,
  name,
  error,
  groups,
  checked,
  className = '',
}: {
  legend: string
  name: string
  error?: string
  groups: { title?: string; items: { id: number; name: string }[] }[]
  checked: number[]
  className?: string
}) {
  const errorId = useId()
  const chosen = new Set(checked)
  return (
    <fieldset aria-describedby={error ? errorId : undefined}>
      <legend className="mb-2 text-sm font-medium text-gray-700">{legend}</legend>
      <div className={`space-y-4 ${className}`}>
        {groups.map((group, index) => (
          <div key={group.title ?? index}>
            {group.title ? <p className="mb-1 text-sm font-semibold text-gray-800">{group.title}</p> : null}
            <div className="grid grid-cols-1 gap-2 sm:grid-cols-2 lg:grid-cols-3">
              {group.items.map((item) => (
                <label key={item.id} className="flex items-center gap-2 text-sm text-gray-700">
                  <input
                    type="checkbox"
                    name={name}
                    value={item.id}
                    defaultChecked={chosen.has(item.id)}
                    className="h-4 w-4 rounded border-gray-300 text-brand-600"
                  />
                  {item.name}
                </label>
              ))}
            </div>
          </div>
        ))}
      </div>
      <FieldError id={errorId} message={error} />
    </fieldset>
  )
}

export const secondaryButtonClass =
  'rounded-lg border border-gray-300 bg-white px-4 py-2 text-sm font-medium text-gray-700 hover:bg-gray-50'

/** A button back to the previous screen (Cancel, Go Back). */
export function BackButton({ children, className = '' }: { children: ReactNode; className?: string }) {
  const navigate = useNavigate()
  return (
    <button type="button" onClick={() => navigate(-1)} className={`${secondaryButtonClass} ${className}`.trim()}>
      {children}
    </button>
  )
}

/** Whether a POST of this page (or of `action`) is under way, including the redirect that follows it. */
export function useSubmitting() {
  const navigation = useNavigation()
  return navigation.state !== 'idle' && navigation.formMethod?.toUpperCase() === 'POST'
}

export function SubmitButton({
  label,
  pendingLabel,
  pending,
}: {
  label: string
  pendingLabel: string
  pending?: boolean
}) {
  const submitting = useSubmitting()
  const busy = pending ?? submitting
  return (
    <button
      type="submit"
      disabled={busy}
      className={
        'inline-flex items-center justify-center rounded-lg bg-brand-600 px-4 py-2 text-sm font-medium ' +
        'text-white hover:bg-brand-700 disabled:cursor-not-allowed disabled:opacity-60'
      }
    >
      {busy ? pendingLabel : label}
    </button>
  )
}

/**
 * The frame of every create/edit screen: title, the fields, the back button (`cancel`) and the submit button
 * (`submit`: its label and its label while sending), then `after` (the publish buttons of posts, pages and products:
 * below, so that Enter in a field still means the submit). Files need a multipart body; the rest post urlencoded.
 */
export function FormFrame({
  title,
  cancel,
  submit,
  multipart,
  children,
  after,
}: {
  title: string
  cancel: string
  submit: [string, string]
  multipart?: boolean
  children: ReactNode
  after?: ReactNode
}) {
  return (
    <section className="rounded-xl border border-gray-200 bg-white p-6 shadow-sm">
      <h1 className="mb-6 text-xl font-semibold text-gray-900">{title}</h1>
      <Form method="post" encType={multipart ? 'multipart/form-data' : undefined} className="space-y-5" noValidate>
        {children}
        <div className="flex justify-end gap-3 pt-2">
          <BackButton>{cancel}</BackButton>
          <SubmitButton label={submit[0]} pendingLabel={submit[1]} />
        </div>
        {after}
      </Form>
    </section>
  )
}

/** A resource's create or edit screen: Cancel, and Save or Update. */
export function ResourceForm({
  mode,
  ...frame
}: {
  title: string
  mode: 'create' | 'edit'
  multipart?: boolean
  children: ReactNode
  after?: ReactNode
}) {
  const submit: [string, string] = mode === 'create' ? ['Save', 'Saving...'] : ['Update', 'Updating...']
  return <FormFrame cancel="Cancel" submit={submit} {...frame} />
}
