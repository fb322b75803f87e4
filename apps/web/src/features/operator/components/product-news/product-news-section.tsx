import { zodResolver } from '@hookform/resolvers/zod';
import { productNewsRequest, type ProductNewsItem, type ProductNewsRequest } from '@tradelist/contract/operator-editions';
import DOMPurify from 'dompurify';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import buttonStyles from '../../../../components/ui/button.module.css';
import fieldStyles from '../../../../components/ui/field.module.css';
import { TextField } from '../../../../components/ui/text-field';
import { cx } from '../../../../lib/cx';
import { formatCount, formatDayOf } from '../../../../lib/format';
import { notify } from '../../../../lib/notify';
import { usePreviewProductNews, useProductNews, useSendProductNews, useTestProductNews } from '../../api/product-news';
import { notifyServerError } from '../../utils/server-errors';
import { SectionState } from '../section-state';
import { ConsoleTable } from '../shared/console-table';
import styles from './product-news.module.css';

function reportError(fallback: string) {
  return (error: Error) => notifyServerError(error, fallback, { subject: 'Subject', body: 'Message (markdown)' });
}

const stateLabels: Record<ProductNewsItem['state'], string> = { scheduled: 'Waiting', sending: 'Sending', sent: 'Sent', skipped: 'Not sent' };

function SentNews({ news }: { news: ProductNewsItem[] }) {
  return (
    <ConsoleTable caption="Product news sent" columns={['Date', 'Subject', 'By', 'State', 'Recipients']} empty={{ when: news.length === 0, text: 'No product news has been sent yet.' }}>
      {news.map((item) => (
        <tr key={item.id}>
          <td>{formatDayOf(item.created_at)}</td>
          <td>{item.subject}</td>
          <td>{item.created_by}</td>
          <td>{stateLabels[item.state]}</td>
          <td>{formatCount(item.recipients)}</td>
        </tr>
      ))}
    </ConsoleTable>
  );
}

/**
 * Product news (product §10.14): write a subject and a markdown body, preview the email as the
 * server renders and sanitises it, send a test to yourself, then send it to every user with
 * product news on (each gets it once; the send is in the audit log).
 */
export function ProductNewsSection() {
  const sent = useProductNews();
  const [preview, setPreview] = useState<{ subject: string; html: string } | null>(null);
  const form = useForm<ProductNewsRequest>({ resolver: zodResolver(productNewsRequest), defaultValues: { subject: '', body: '' } });
  const { register, handleSubmit, formState, reset } = form;
  const previewNews = usePreviewProductNews({ onSuccess: setPreview, onError: reportError('The preview could not be made. Please try again.') });
  const testNews = useTestProductNews({ onSuccess: (answer) => notify.success(answer.message), onError: reportError('The test email could not be sent. Please try again.') });
  const sendNews = useSendProductNews({
    onSuccess(item) {
      notify.success(`"${item.subject}" is being sent to every user with product news on.`);
      reset();
      setPreview(null);
    },
    onError: reportError('The product news could not be sent. Please try again.'),
  });
  if (sent.isPending || sent.isError) return <SectionState query={sent} what="product news" />;
  const busy = previewNews.isPending || testNews.isPending || sendNews.isPending;

  return (
    <>
      <form className={cx(fieldStyles.form, styles.productNewsForm)} noValidate aria-label="Product news" onSubmit={handleSubmit((values) => previewNews.mutate(values))}>
        <TextField label="Subject" maxLength={200} error={formState.errors.subject?.message} {...register('subject')} />
        <div className={fieldStyles.field}>
          <label className={fieldStyles.fieldLabel} htmlFor="product-news-body">
            Message (markdown)
          </label>
          <textarea
            id="product-news-body"
            className={cx(fieldStyles.fieldInput, styles.productNewsBody)}
            aria-invalid={formState.errors.body ? true : undefined}
            aria-describedby={formState.errors.body ? 'product-news-body-error' : undefined}
            {...register('body')}
          />
          {formState.errors.body ? (
            <p className={fieldStyles.fieldError} id="product-news-body-error">
              {formState.errors.body.message}
            </p>
          ) : null}
        </div>
        <div className={styles.productNewsActions}>
          <button type="submit" className={cx(buttonStyles.button, buttonStyles.buttonOutline)} disabled={busy}>
            Preview
          </button>
          <button type="button" className={cx(buttonStyles.button, buttonStyles.buttonOutline)} disabled={busy} onClick={handleSubmit((values) => testNews.mutate(values))}>
            Send me a test
          </button>
          <button
            type="button"
            className={cx(buttonStyles.button, buttonStyles.buttonPrimary)}
            disabled={busy}
            onClick={handleSubmit((values) => {
              if (window.confirm(`Send "${values.subject}" to every user with product news on?`)) sendNews.mutate(values);
            })}
          >
            Send to all users
          </button>
        </div>
      </form>
      {preview ? (
        <section className={styles.productNewsPreview} aria-label="Email preview">
          <p>
            <strong>Subject:</strong> {preview.subject}
          </p>
          {/* Rendered and sanitised by the server as the email is; sanitised again here before it reaches the page. */}
          <div dangerouslySetInnerHTML={{ __html: DOMPurify.sanitize(preview.html, { USE_PROFILES: { html: true } }) }} />
        </section>
      ) : null}
      <SentNews news={sent.data} />
    </>
  );
}
