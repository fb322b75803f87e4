import type { DownloadFormat, DownloadLayout } from '@tradelist/contract/catalog';
import { useId, useState, type FormEvent } from 'react';
import { Modal } from '../../../components/ui/modal';
import type { DownloadChoice } from '../hooks/use-collection-download';

const formatOptions: Array<{ value: DownloadFormat; label: string; hint: string }> = [
  { value: 'csv', label: 'CSV', hint: 'For any spreadsheet or import.' },
  { value: 'xlsx', label: 'Excel', hint: 'An .xlsx workbook.' },
];

const layoutOptions: Array<{ value: DownloadLayout; label: string; hint: string }> = [
  { value: 'price-list', label: 'Price list', hint: 'Cost, your markup, price and price with tax.' },
  { value: 'quickbooks', label: 'QuickBooks Online import', hint: 'The products-and-services import columns.' },
];

interface DownloadDialogProps {
  /** The collection's name, shown so the user knows what they are downloading. */
  collectionName: string | null;
  initialChoice: DownloadChoice;
  onConfirm: (choice: DownloadChoice) => void;
  /** SPEC §2: Cancel sends the user to the markup configuration. */
  onCancel: () => void;
  onClose: () => void;
}

/** SPEC §2: the question before a download, with the file's format and layout. */
export function DownloadDialog({ collectionName, initialChoice, onConfirm, onCancel, onClose }: DownloadDialogProps) {
  const questionId = useId();
  return (
    <Modal open={collectionName !== null} title="Download price list" onClose={onClose} descriptionId={questionId}>
      {collectionName !== null ? (
        // Keyed by name so each opening starts from the last confirmed choice.
        <DownloadChoiceForm
          key={collectionName}
          questionId={questionId}
          collectionName={collectionName}
          initialChoice={initialChoice}
          onConfirm={onConfirm}
          onCancel={onCancel}
        />
      ) : null}
    </Modal>
  );
}

interface DownloadChoiceFormProps {
  questionId: string;
  collectionName: string;
  initialChoice: DownloadChoice;
  onConfirm: (choice: DownloadChoice) => void;
  onCancel: () => void;
}

function DownloadChoiceForm({ questionId, collectionName, initialChoice, onConfirm, onCancel }: DownloadChoiceFormProps) {
  const [format, setFormat] = useState(initialChoice.format);
  const [layout, setLayout] = useState(initialChoice.layout);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onConfirm({ format, layout });
  };

  return (
    <form className="download-dialog" onSubmit={submit}>
      <p className="download-dialog__collection">{collectionName}</p>
      <p className="download-dialog__question" id={questionId}>
        Have you added your desired markup configurations before downloading?
      </p>
      <p className="download-dialog__note">Yes downloads the file. Cancel takes you to your markup configuration.</p>
      <fieldset className="choice-group">
        <legend className="choice-group__legend">Format</legend>
        <div className="choice-group__options">
          {formatOptions.map((option) => (
            <ChoiceOption
              key={option.value}
              name="format"
              label={option.label}
              hint={option.hint}
              checked={format === option.value}
              onSelect={() => setFormat(option.value)}
            />
          ))}
        </div>
      </fieldset>
      <fieldset className="choice-group">
        <legend className="choice-group__legend">Layout</legend>
        <div className="choice-group__options choice-group__options--wide">
          {layoutOptions.map((option) => (
            <ChoiceOption
              key={option.value}
              name="layout"
              label={option.label}
              hint={option.hint}
              checked={layout === option.value}
              onSelect={() => setLayout(option.value)}
            />
          ))}
        </div>
      </fieldset>
      <div className="download-dialog__actions">
        <button type="button" className="button button--outline" onClick={onCancel}>
          Cancel
        </button>
        <button type="submit" className="button button--primary">
          Yes
        </button>
      </div>
    </form>
  );
}

interface ChoiceOptionProps {
  name: string;
  label: string;
  hint: string;
  checked: boolean;
  onSelect: () => void;
}

/** One radio option drawn as a selectable card; the hint is its description. */
function ChoiceOption({ name, label, hint, checked, onSelect }: ChoiceOptionProps) {
  const labelId = useId();
  const hintId = useId();
  return (
    <label className={`choice${checked ? ' is-checked' : ''}`}>
      <input
        type="radio"
        className="choice__input"
        name={name}
        checked={checked}
        onChange={onSelect}
        aria-labelledby={labelId}
        aria-describedby={hintId}
      />
      <span className="choice__text">
        <span className="choice__label" id={labelId}>
          {label}
        </span>
        <span className="choice__hint" id={hintId}>
          {hint}
        </span>
      </span>
    </label>
  );
}
