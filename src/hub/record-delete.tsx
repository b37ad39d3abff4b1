/**
 * Deleting the record a change page shows, as every such page does it: the delete button asks first (an
 * alertdialog), a deleted record returns to its list with a message, a 401 brings the login form back, and a
 * refusal (e.g. a 409 naming what still points to the record) shows above the form as an alert.
 */
import { navigate } from 'gatsby';
import React, { useState, type ReactNode } from 'react';
import { type PostResult } from './api';
import { ConfirmDialog } from '../staff/confirm-dialog';
import { useHub } from './hub-context';
import { texts } from './texts';
import { refusalText } from '../staff/refusal-texts';
import { hubLanguage } from './hub-language';

interface Options {
  /** Sends the delete. */
  remove: () => Promise<PostResult<unknown>>;
  /** The list to return to, and the message it shows there. */
  listPath: string;
  deletedMessage: string;
  /** The dialog's question. */
  title: string;
  message: string;
  /** Shown below the question, e.g. what goes with the record. */
  details?: ReactNode;
}

export function useRecordDelete({ remove, listPath, deletedMessage, title, message, details }: Options) {
  const { sessionEnded } = useHub();
  const [confirming, setConfirming] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [refusal, setRefusal] = useState<string>();

  const confirm = async () => {
    setDeleting(true);
    const result = await remove();
    setDeleting(false);
    setConfirming(false);
    if (result.ok) {
      void navigate(listPath, { state: { message: deletedMessage } });
      return;
    }
    if (result.status === 401) sessionEnded();
    else setRefusal(texts.deleteRefused(refusalText(result, hubLanguage())));
  };

  return {
    /** Opens the question; for the page's delete button. */
    ask: () => {
      setRefusal(undefined);
      setConfirming(true);
    },
    /** The last refusal, for the top of the page. */
    refusal: refusal ? (
      <p className="kfh-message kfh-message--error" role="alert">
        {refusal}
      </p>
    ) : null,
    /** The question while it is open. */
    dialog: confirming ? (
      <ConfirmDialog
        cancelLabel={texts.cancel}
        title={title}
        message={message}
        details={details}
        confirmLabel={texts.deleteConfirm}
        busy={deleting}
        onConfirm={() => void confirm()}
        onCancel={() => setConfirming(false)}
      />
    ) : null,
  };
}
