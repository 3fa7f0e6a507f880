import { createAction } from '@reduxjs/toolkit';

/** A form's post was accepted (drafts stay in the form; only the outcome is an event). */
export const formSubmitted = createAction<{ formName: string }>('forms/submitted');

/** A form's post failed; `status` when the server answered. */
export const formSubmissionFailed = createAction<{ formName: string; status?: number }>('forms/submissionFailed');
