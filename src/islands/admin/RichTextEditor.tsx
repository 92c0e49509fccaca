// The article body's rich-text field (TipTap on ProseMirror), only inside the back-office island
// (client-only): what it offers is what the article page can show and the server's allow-list
// keeps (src/lib/rich-text.ts): paragraphs, two heading levels, quotes, lists, bold, italic,
// strike-through and links. The server sanitises whatever arrives; this only keeps editors from
// writing what would be dropped.
import { createDocument } from '@tiptap/core';
import { EditorContent, useEditor, useEditorState } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { useEffect, useId, useState } from 'react';

type Props = { value: string; onChange: (html: string) => void; label: string; error?: string | undefined };

const extensions = () => [
  StarterKit.configure({
    heading: { levels: [2, 3] },
    code: false,
    codeBlock: false,
    horizontalRule: false,
    underline: false,
    // The attributes the server's allow-list gives a link (src/lib/rich-text.ts), so a saved link
    // comes back as the editor wrote it.
    link: { openOnClick: false, autolink: true, protocols: ['mailto'], defaultProtocol: 'https', validate: (url) => /^(https?:\/\/|mailto:)/i.test(url), HTMLAttributes: { target: null, rel: 'noopener noreferrer' } },
  }),
];

export default function RichTextEditor({ value, onChange, label, error }: Props) {
  const labelId = useId();
  // Each editor its own extension instances (they hold per-editor state).
  const [ext] = useState(extensions);
  const editor = useEditor({
    extensions: ext,
    content: value,
    editorProps: { attributes: { class: 'adm-rte__content', role: 'textbox', 'aria-multiline': 'true', 'aria-labelledby': labelId } },
    onUpdate: ({ editor: e }) => onChange(e.getHTML()),
  });
  const state = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      bold: e?.isActive('bold') ?? false,
      italic: e?.isActive('italic') ?? false,
      strike: e?.isActive('strike') ?? false,
      h2: e?.isActive('heading', { level: 2 }) ?? false,
      h3: e?.isActive('heading', { level: 3 }) ?? false,
      bullet: e?.isActive('bulletList') ?? false,
      ordered: e?.isActive('orderedList') ?? false,
      quote: e?.isActive('blockquote') ?? false,
      link: e?.isActive('link') ?? false,
    }),
  });
  // A value set from outside (a restore, a reload) replaces the text; typing does not come back here.
  // Compared as documents, not as HTML strings: the server's sanitised copy of what was typed (its
  // entities and attribute order) is the same text, and setting it would move the cursor and fill
  // the undo history on every save.
  useEffect(() => {
    // The hook may hand over an instance it has destroyed while it replaces it (React 19 effects).
    if (!editor || editor.isDestroyed) return;
    if (!createDocument(value, editor.schema).eq(editor.state.doc)) editor.commands.setContent(value, { emitUpdate: false });
  }, [editor, value]);

  const chain = () => editor!.chain().focus();
  const link = () => {
    const current = editor!.getAttributes('link')['href'] as string | undefined;
    const href = prompt('Link address (https://… or mailto:…); empty to remove the link', current ?? 'https://');
    if (href === null) return;
    if (href.trim() === '' || href.trim() === 'https://') chain().extendMarkRange('link').unsetLink().run();
    else chain().extendMarkRange('link').setLink({ href: href.trim() }).run();
  };
  const tools: [string, string, boolean, () => void][] = editor
    ? [
        ['B', 'Bold', state?.bold ?? false, () => chain().toggleBold().run()],
        ['I', 'Italic', state?.italic ?? false, () => chain().toggleItalic().run()],
        ['S', 'Strike-through', state?.strike ?? false, () => chain().toggleStrike().run()],
        ['H2', 'Heading', state?.h2 ?? false, () => chain().toggleHeading({ level: 2 }).run()],
        ['H3', 'Subheading', state?.h3 ?? false, () => chain().toggleHeading({ level: 3 }).run()],
        ['• List', 'Bulleted list', state?.bullet ?? false, () => chain().toggleBulletList().run()],
        ['1. List', 'Numbered list', state?.ordered ?? false, () => chain().toggleOrderedList().run()],
        ['“ Quote', 'Quote', state?.quote ?? false, () => chain().toggleBlockquote().run()],
        ['Link', 'Link', state?.link ?? false, link],
      ]
    : [];

  return (
    <div className={`adm-rte${error ? ' adm-rte--invalid' : ''}`}>
      <span className="adm-field__label" id={labelId}>
        {label}
      </span>
      <div className="adm-rte__tools" role="toolbar" aria-label={`${label}: formatting`}>
        {tools.map(([text, name, active, run]) => (
          <button key={name} type="button" aria-label={name} title={name} aria-pressed={active} onMouseDown={(e) => e.preventDefault()} onClick={run}>
            {text}
          </button>
        ))}
      </div>
      <EditorContent editor={editor} />
      {error && (
        <span className="adm-field__error" role="alert">
          {error}
        </span>
      )}
    </div>
  );
}
