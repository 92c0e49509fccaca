// One tag in the back-office: its name, address, description and order in the lists of its kind,
// on the editing screen every record shares (RecordEditor.tsx). Its kind is shown, not changed:
// experiences and articles use a tag as its kind (ADR 0034). Tags stay on the site.
import { tagCalls } from "../../api-client/admin.ts";
import type { AdminTag, TagDraft } from "../../contract/admin-places.ts";
import {
  EditorChrome,
  EditorGate,
  Field,
  markNaN,
  NumberField,
  useRecordEditor,
} from "./RecordEditor.tsx";
import { TAG_KIND_NAMES } from "./TagList.tsx";

function fromForm(
  doc: TagDraft,
): { doc: TagDraft } | { errors: Record<string, string> } {
  const errors: Record<string, string> = {};
  markNaN(doc, "draft", errors);
  return Object.keys(errors).length ? { errors } : { doc };
}

const FIELD_LABEL: Record<string, string> = {
  name: "name",
  slug: "address",
  description: "description",
  position: "order",
};

/** Where a tag's pages are: a magazine tag has its own listing; the others show under every place. */
function addressHint(kind: TagDraft["kind"], slug: string): string {
  return kind === "blog"
    ? `verdant.com/magazine/tags/${slug}: changing it keeps the old address working (a permanent redirect)`
    : `verdant.com/cities/…/tags/${slug} under every place with two or more such experiences; old addresses keep working (a permanent redirect)`;
}

export default function TagEditor({ id }: { id: number }) {
  const ed = useRecordEditor<AdminTag, TagDraft, TagDraft>({
    id,
    calls: tagCalls,
    noun: "tag",
    toForm: (v) => v.draft,
    fromForm,
  });
  const { x, form: d, patchForm, errors } = ed;
  if (!x || !d)
    return (
      <EditorGate
        ed={ed}
        noun="tag"
        listHref="/admin/tags"
        listLabel="All tags"
      />
    );
  const err = (p: string) => errors[p];
  const usage = `${x.optionsCount.toLocaleString("en")} published ${x.optionsCount === 1 ? "experience" : "experiences"} and ${x.blogsCount.toLocaleString("en")} ${x.blogsCount === 1 ? "article" : "articles"} carry it.`;
  return (
    <EditorChrome
      ed={ed}
      title={d.name || "Unnamed tag"}
      back={{ href: "/admin/tags", label: "Tags" }}
      liveHref={
        x.kind === "blog" && x.blogsCount > 0
          ? `/magazine/tags/${x.liveSlug}`
          : null
      }
      canPreview={x.kind === "blog"}
      fieldLabel={(f) => FIELD_LABEL[f] ?? f}
      staysPublished="Tags stay on the site: experiences and articles carry them. Rename or describe a tag instead."
    >
      <fieldset className="adm-card adm-fields">
        <legend>Tag</legend>
        <Field label="Name" error={err("draft.name")} wide>
          <input
            value={d.name}
            onChange={(e) => patchForm({ name: e.target.value })}
          />
        </Field>
        <Field
          label="Address"
          hint={addressHint(x.kind, d.slug)}
          error={err("draft.slug")}
          wide
        >
          <input
            value={d.slug}
            onChange={(e) => patchForm({ slug: e.target.value })}
          />
        </Field>
        <Field
          label="Description"
          hint="On the tag’s pages, under its name"
          error={err("draft.description")}
          wide
        >
          <textarea
            rows={4}
            value={d.description}
            onChange={(e) => patchForm({ description: e.target.value })}
          />
        </Field>
        <NumberField
          label="Order in its list"
          error={err("draft.position")}
          value={d.position}
          onValue={(v) => patchForm({ position: v ?? Number.NaN })}
        />
        <p className="adm-note">
          Kind: <strong>{TAG_KIND_NAMES[x.kind]}</strong> (fixed). {usage}
        </p>
        {err("draft.kind") && (
          <p className="adm-field__error adm-field--wide">
            {err("draft.kind")}
          </p>
        )}
      </fieldset>
    </EditorChrome>
  );
}
