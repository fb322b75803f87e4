import type { DownloadFormat, DownloadLayout } from '@tradelist/contract/catalog';
import { useId, useState } from 'react';
import { MarkupsQuestionForm } from '../../../components/ui/markups-question';
import { Modal } from '../../../components/ui/modal';
import type { DownloadChoice } from '../utils/download-choice';
import downloadDialogStyles from './download-dialog.module.css';
import { cx } from '../../../lib/cx';
import { ProfileSelect } from '../../pricing-profiles';

const formatOptions: Array<{ value: DownloadFormat; label: string; hint: string }> = [
  { value: 'csv', label: 'CSV', hint: 'For any spreadsheet or import.' },
  { value: 'xlsx', label: 'Excel', hint: 'An .xlsx workbook.' },
];

const layoutOptions: Array<{ value: DownloadLayout; label: string; hint: string }> = [
  { value: 'price-list', label: 'Price list', hint: 'Cost, your markup, price and price with tax, with part numbers and UPCs.' },
  { value: 'quickbooks', label: 'QuickBooks Online import', hint: 'The products-and-services import columns.' },
  {
    value: 'changes',
    label: 'Changes',
    hint: 'Only items new, removed or re-priced since the previous edition: old and new cost and price, the change in $ and %.',
  },
];

interface DownloadDialogProps {
  /** The collection's name, shown so the user knows what they are downloading. */
  collectionName: string | null;
  initialChoice: DownloadChoice;
  /** Whether the user chooses the pricing profile (a current edition's download; a bought edition's has none). */
  withProfile: boolean;
  /** The choice, and the profile chosen (null: the default). */
  onConfirm: (choice: DownloadChoice, profileId: number | null) => void;
  /** product §2: Cancel sends the user to the markup configuration. */
  onCancel: () => void;
  onClose: () => void;
}

/** product §2: the question before a download, with the file's format and layout. */
export function DownloadDialog({ collectionName, initialChoice, withProfile, onConfirm, onCancel, onClose }: DownloadDialogProps) {
  const questionId = useId();
  return (
    <Modal open={collectionName !== null} title="Download price list" onClose={onClose} descriptionId={questionId}>
      {collectionName !== null ? (
        // Keyed so each opening starts from its own choice: the button's format, the remembered layout.
        <DownloadChoiceForm
          key={`${collectionName}:${initialChoice.format}:${initialChoice.layout}`}
          questionId={questionId}
          collectionName={collectionName}
          initialChoice={initialChoice}
          withProfile={withProfile}
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
  withProfile: boolean;
  onConfirm: (choice: DownloadChoice, profileId: number | null) => void;
  onCancel: () => void;
}

function DownloadChoiceForm({ questionId, collectionName, initialChoice, withProfile, onConfirm, onCancel }: DownloadChoiceFormProps) {
  const [format, setFormat] = useState(initialChoice.format);
  const [layout, setLayout] = useState(initialChoice.layout);
  // Null until the user picks one: the default profile prices the file.
  const [profileId, setProfileId] = useState<number | null>(null);

  return (
    <MarkupsQuestionForm
      questionId={questionId}
      collectionName={collectionName}
      before="downloading"
      yesDoes="downloads the file"
      onYes={() => onConfirm({ format, layout }, withProfile ? profileId : null)}
      onCancel={onCancel}
    >
      {withProfile ? (
        <ProfileSelect value={profileId} onChange={setProfileId} hint="Its markups price the file, and its name is in the file’s name." />
      ) : null}
      <fieldset className={downloadDialogStyles.choiceGroup}>
        <legend className={downloadDialogStyles.choiceGroupLegend}>Format</legend>
        <div className={downloadDialogStyles.choiceGroupOptions}>
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
      <fieldset className={downloadDialogStyles.choiceGroup}>
        <legend className={downloadDialogStyles.choiceGroupLegend}>Layout</legend>
        <div className={cx(downloadDialogStyles.choiceGroupOptions, downloadDialogStyles.choiceGroupOptionsWide)}>
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
    </MarkupsQuestionForm>
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
    <label className={cx(downloadDialogStyles.choice, checked && downloadDialogStyles.isChecked)}>
      <input
        type="radio"
        className={downloadDialogStyles.choiceInput}
        name={name}
        checked={checked}
        onChange={onSelect}
        aria-labelledby={labelId}
        aria-describedby={hintId}
      />
      <span className={downloadDialogStyles.choiceText}>
        <span className={downloadDialogStyles.choiceLabel} id={labelId}>
          {label}
        </span>
        <span className={downloadDialogStyles.choiceHint} id={hintId}>
          {hint}
        </span>
      </span>
    </label>
  );
}
