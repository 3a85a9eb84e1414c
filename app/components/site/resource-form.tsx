import { useLoaderData, useLocation, useParams } from '@remix-run/react'
import { Fragment } from 'react'
import { LocationPicker } from '~/components/village-info/location-picker'
import { screenResource } from '~/resources'
import { titled } from '~/components/site/meta'
import { DEFAULT_TIME_ZONE } from '~/lib/zoned-time'
import {
  bodyOf,
  errorKeysOf,
  imageUrlOf,
  fieldOn,
  formTitle,
  type Choice,
  type Field,
  type FormLoad,
  type FormMode,
  type ResourceDeclaration,
  type Row,
} from '~/resources/resource'
import {
  CheckboxGroup,
  DateField,
  errorFor,
  FileField,
  ImageField,
  ResourceForm,
  SelectField,
  TextField,
  useFieldErrors,
  type FieldErrors,
} from '~/components/shared/form'
import { BudgetLinesField } from '~/components/village-info/budget-lines'
import { PublishControls } from '~/components/content/publish-controls'
import { RichTextField } from '~/components/content/rich-text'
import { StatisticsEditor } from '~/components/village-info/statistics-editor'
import { CheckboxField, DateTimeField } from '~/components/shared/time-fields'

type Choices = FormLoad['choices']

const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1)

/** Permissions grouped by the part of the name before the first hyphen ("posts-create" -> "Posts"). */
function groupByPrefix(choices: Choice[]) {
  const groups = new Map<string, Choice[]>()
  for (const choice of choices) {
    const prefix = choice.name.split('-')[0]
    groups.set(prefix, [...(groups.get(prefix) ?? []), choice])
  }
  return [...groups.entries()].map(([prefix, items]) => ({ title: capitalise(prefix), items }))
}

/** One declared field as the create or edit screen shows it, prefilled from `record` on edit. */
function ResourceField({
  resource,
  field,
  record,
  choices,
  errors,
  timeZone,
}: {
  resource: ResourceDeclaration
  field: Field
  record: Row | null
  choices: Choices
  errors: FieldErrors
  timeZone: string
}) {
  const error = errorFor(errors, ...errorKeysOf(field))
  const value = record?.[field.name]
  const options = field.options ? (choices[field.options] ?? []) : []
  /** What most fields take: the label, the form field's name and the server's error. */
  const named = { label: field.label, name: field.name, error }
  switch (field.kind) {
    case 'image':
      return <ImageField label={field.label} error={error} current={imageUrlOf(resource, record?.image)} />
    case 'budget-lines':
      return (
        <BudgetLinesField
          {...named}
          lines={value}
          recordId={record?.id || undefined}
          copiedFrom={typeof record?.copied_from === 'number' ? record.copied_from : undefined}
        />
      )
    case 'richtext':
      return <RichTextField {...named} defaultValue={value as string | null | undefined} />
    case 'file':
      return (
        <FileField
          {...named}
          accept={field.accept}
          current={record ? 'Kosongkan untuk mempertahankan berkas yang ada.' : null}
        />
      )
    case 'date':
      return <DateField {...named} defaultValue={value as string | null} />
    case 'select':
      if (field.choices)
        return (
          <SelectField
            {...named}
            defaultValue={(value as string | null | undefined) ?? field.choices[0]?.value}
            options={[...field.choices]}
          />
        )
      return (
        <SelectField
          {...named}
          defaultValue={(value as number | null | undefined) ?? 0}
          options={[
            { value: 0, label: field.none ?? '' },
            ...options.map((choice) => ({ value: choice.id, label: choice.name })),
          ]}
        />
      )
    case 'checkboxes':
      return (
        <CheckboxGroup
          legend={field.label}
          name={field.name}
          groups={field.grouped ? groupByPrefix(options) : [{ items: options }]}
          checked={((record?.[field.options!] as { id: number }[] | undefined) ?? []).map((item) => item.id)}
          error={error}
          className={field.grouped ? 'max-h-[400px] overflow-y-auto rounded-lg border border-gray-200 p-4' : undefined}
        />
      )
    case 'datetime':
      return (
        <DateTimeField
          {...named}
          value={value as string | null | undefined}
          timeZone={timeZone}
          dateWhen={field.dateWhen}
          dateOnly={!!field.dateWhen && record?.[field.dateWhen] === true}
        />
      )
    case 'checkbox':
      return <CheckboxField {...named} checked={value === true} />
    case 'statistics':
      return <StatisticsEditor record={record} errors={errors} />
    default:
      return (
        <TextField
          {...named}
          type={field.kind === 'textarea' || !field.kind ? undefined : (field.kind as TextKind)}
          multiline={field.kind === 'textarea'}
          defaultValue={value as string | number | null | undefined}
          placeholder={field.placeholder}
          autoComplete={field.autoComplete}
        />
      )
  }
}

/** The kinds a plain text input takes as its `type`. */
type TextKind = 'text' | 'email' | 'password' | 'number' | 'tel'

/** The declared fields of a resource's form, as the create screen, the edit screen or the upload form shows them. */
export function ResourceFields(props: {
  resource: ResourceDeclaration
  mode: FormMode
  record: Row | null
  choices: Choices
  errors: FieldErrors
  timeZone?: string
}) {
  return (
    <>
      {props.resource.fields.map((field) => (
        <Fragment key={field.name}>
          <ResourceField {...props} timeZone={props.timeZone ?? DEFAULT_TIME_ZONE} field={fieldOn(field, props.mode)} />
          {/* A point (projects, products, events): the map picker under its two number fields. */}
          {field.name === 'longitude' ? <LocationPicker /> : null}
        </Fragment>
      ))}
    </>
  )
}

/** The create or edit screen's title: "Tambah ..." or "Edit ..." for the resource of the address. */
export const formMeta = (mode: FormMode) =>
  titled(({ params }) => {
    const resource = screenResource(params.resource, true)
    return resource && formTitle(resource, mode)
  })

/** The create or edit screen of the resource of the address (app/routes/admin.$resource.*). */
export function ResourceFormScreen({ mode }: { mode: FormMode }) {
  const resource = screenResource(useParams().resource, true)!
  const { record, choices, timeZone, now, template } = useLoaderData<FormLoad>()
  const errors = useFieldErrors()
  // Another record or resource is another form: its fields start afresh from their new defaults (a create screen
  // started from another record too: `?copy=`).
  const { pathname, search } = useLocation()
  const publicPath = record
    ? resource.publicPath
      ? resource.publicPath(record)
      : record.slug
        ? `/${resource.name}/${encodeURIComponent(String(record.slug))}`
        : undefined
    : undefined
  const publishing = resource.publishing ? (
    <PublishControls
      record={record}
      timeZone={timeZone ?? DEFAULT_TIME_ZONE}
      now={now ?? 0}
      errors={errors}
      publicPath={publicPath}
    />
  ) : null
  return (
    <ResourceForm
      key={pathname + search}
      title={formTitle(resource, mode)}
      mode={mode}
      multipart={bodyOf(resource) === 'multipart'}
      after={publishing}
    >
      <ResourceFields
        resource={resource}
        mode={mode}
        record={record ?? template ?? null}
        choices={choices}
        errors={errors}
        timeZone={timeZone}
      />
    </ResourceForm>
  )
}
