import escapeHtml from 'escape-html';

export interface Brand {
  salonName: string;
}

export { escapeHtml };

/** The frame every transactional email shares. `content` is MJML inside <mj-column>. */
export function layout(brand: Brand, title: string, content: string): string {
  const salon = escapeHtml(brand.salonName);
  return `<mjml>
  <mj-head>
    <mj-title>${escapeHtml(title)}</mj-title>
    <mj-attributes>
      <mj-all font-family="Helvetica, Arial, sans-serif" />
      <mj-text font-size="15px" line-height="22px" color="#1f2328" />
      <mj-button background-color="#6e56cf" color="#ffffff" font-size="15px" border-radius="6px" />
    </mj-attributes>
  </mj-head>
  <mj-body background-color="#f4f4f6">
    <mj-section padding="24px 0 8px">
      <mj-column><mj-text font-size="20px" font-weight="bold" align="center">${salon}</mj-text></mj-column>
    </mj-section>
    <mj-section background-color="#ffffff" border-radius="8px" padding="24px">
      <mj-column>
${content}
      </mj-column>
    </mj-section>
    <mj-section padding="8px 0 24px">
      <mj-column><mj-text font-size="12px" color="#6b7280" align="center">${salon}</mj-text></mj-column>
    </mj-section>
  </mj-body>
</mjml>`;
}

export function paragraph(html: string): string {
  return `        <mj-text>${html}</mj-text>`;
}

export function button(label: string, href: string): string {
  return `        <mj-button href="${escapeHtml(href)}">${escapeHtml(label)}</mj-button>`;
}
