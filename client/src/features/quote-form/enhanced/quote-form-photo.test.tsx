// @vitest-environment jsdom
import { act, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  callsTo,
  deferred,
  fakeServerEachTest,
  fetchMock,
  handlers,
  submitCalls,
  submittedBody,
  uploadBase,
  uploadURL,
} from './fake-quote-server';
import { attachPhoto, fieldValues, fillValid, pngFile, sendValid, valid } from './quote-form-answers';
import { form, notifications, photoInput, renderForm, submitButton } from './render-quote-form';

// The full quote form's photo: uploaded as it is chosen (the upload URL, the PUT, the signs shown),
// submit held until it is in, cleared, kept, replaced or removed, and refused or failed plainly.

fakeServerEachTest();

describe('QuoteForm photo', () => {
  it('asks for an upload URL, PUTs the file with its type and shows the three signs', async () => {
    const user = renderForm();
    const file = pngFile();
    await user.upload(photoInput(), file);

    expect(await screen.findByText('Photo Uploaded')).toBeInTheDocument();
    expect(screen.getByText('✓ Photo attached')).toBeInTheDocument();
    expect(notifications().getByText('Photo uploaded')).toBeInTheDocument();
    expect(notifications().getByText('Your photo has been attached to the quote request.')).toBeInTheDocument();

    const [[, askInit]] = callsTo('POST', '/api/objects/upload') as [[unknown, RequestInit]];
    expect(askInit.body).toBeUndefined();
    const [[, putInit]] = callsTo('PUT', uploadURL) as [[unknown, RequestInit]];
    expect(putInit.headers).toEqual({ 'Content-Type': 'image/png' });
    expect(putInit.body).toBe(file);
    expect(putInit.credentials).toBeUndefined();

    await sendValid(user);
    expect(submittedBody()).toStrictEqual({ ...valid, photoUrl: uploadBase });
  });

  it("keeps submit disabled and reads 'Uploading photo…' until the upload is done", async () => {
    const put = deferred<Response>();
    handlers.put = () => put.promise;
    const user = renderForm();
    await fillValid(user);
    await user.upload(photoInput(), pngFile());

    expect(await screen.findByText('Uploading photo…')).toBeInTheDocument();
    expect(submitButton()).toBeDisabled();
    await user.click(submitButton());
    expect(submitCalls()).toHaveLength(0);

    await act(async () => put.resolve(new Response(null, { status: 200 })));
    expect(await screen.findByText('Photo Uploaded')).toBeInTheDocument();
    expect(submitButton()).toBeEnabled();
  });

  it('clears the photo with the rest of the form after a successful submit', async () => {
    const user = renderForm();
    await attachPhoto(user);
    await sendValid(user);
    expect(screen.getByText('Add a Photo')).toBeInTheDocument();
    expect(screen.queryByText('Photo Uploaded')).not.toBeInTheDocument();
    expect(screen.queryByText('✓ Photo attached')).not.toBeInTheDocument();
    expect(photoInput().files).toHaveLength(0);
    expect(photoInput().value).toBe('');
  });

  it('keeps the photo when sending fails', async () => {
    handlers.submit = () => new Response('', { status: 503, statusText: 'Service Unavailable' });
    const user = renderForm();
    await attachPhoto(user);
    await fillValid(user);
    await user.click(submitButton());
    await notifications().findByText('Error submitting request');
    expect(screen.getByText('✓ Photo attached')).toBeInTheDocument();
    expect(submittedBody()).toMatchObject({ photoUrl: uploadBase });
  });

  it('shows the error toast when the upload fails and lets the visitor try again', async () => {
    handlers.upload = () => new Response('{"error":"Too many requests"}', { status: 429 });
    const user = renderForm();
    await user.upload(photoInput(), pngFile());

    const title = await notifications().findByText('Photo upload failed');
    expect(title.closest('li')).toHaveClass('destructive');
    expect(notifications().getByText('Please try again, or send your request without a photo.')).toBeInTheDocument();
    expect(screen.getByText('Add a Photo')).toBeInTheDocument();
    expect(screen.queryByText('✓ Photo attached')).not.toBeInTheDocument();
    expect(photoInput()).toBeEnabled();
    expect(submitButton()).toBeEnabled();

    handlers.upload = () => Response.json({ uploadURL });
    await user.upload(photoInput(), pngFile());
    expect(await screen.findByText('Photo Uploaded')).toBeInTheDocument();
    expect(screen.getByText('✓ Photo attached')).toBeInTheDocument();
  });

  it('treats a refused PUT as a failed upload, and the request can still go without a photo', async () => {
    handlers.put = () => new Response('expired', { status: 403 });
    const user = renderForm();
    await user.upload(photoInput(), pngFile());
    await notifications().findByText('Photo upload failed');

    await sendValid(user);
    expect(submittedBody()).not.toHaveProperty('photoUrl');
  });

  it('refuses a file that is not a photo, plainly, without uploading it', async () => {
    const user = renderForm({ applyAccept: false });
    await user.upload(photoInput(), new File(['%PDF-1.7'], 'estimate.pdf', { type: 'application/pdf' }));

    expect(await form().findByText('Please choose a photo (JPG, PNG, WebP, HEIC or GIF).')).toBeInTheDocument();
    expect(notifications().getByText('Photo not added')).toBeInTheDocument();
    expect(notifications().getByText('That file is not a photo we can attach.')).toBeInTheDocument();
    expect(screen.getAllByText('Please choose a photo (JPG, PNG, WebP, HEIC or GIF).')).toHaveLength(1);
    expect(screen.getByText('Add a Photo')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('asks for the photo again when the server cannot find it', async () => {
    handlers.submit = () =>
      Response.json(
        {
          error: 'Please check the highlighted fields.',
          fieldErrors: { photoUrl: ['The attached photo could not be found. Please attach it again.'] },
        },
        { status: 400 },
      );
    const user = renderForm();
    await attachPhoto(user);
    await fillValid(user);
    await user.click(submitButton());

    await notifications().findByText('Error submitting request');
    expect(form().getByText('The attached photo could not be found. Please attach it again.')).toBeInTheDocument();
    expect(screen.getByText('Add a Photo')).toBeInTheDocument();
    expect(fieldValues()).toEqual(valid);
  });

  it('removes an uploaded photo, which then is not sent', async () => {
    const user = renderForm();
    await attachPhoto(user);
    await user.click(screen.getByRole('button', { name: 'Remove photo' }));
    expect(screen.getByText('Add a Photo')).toBeInTheDocument();
    expect(screen.queryByText('✓ Photo attached')).not.toBeInTheDocument();

    await sendValid(user);
    expect(submittedBody()).not.toHaveProperty('photoUrl');
  });

  it('replaces the photo when another one is chosen', async () => {
    const user = renderForm();
    await user.upload(photoInput(), pngFile('first.png'));
    await screen.findByText('first.png');
    await user.upload(photoInput(), pngFile('second.png'));
    expect(await screen.findByText('second.png')).toBeInTheDocument();
    expect(screen.queryByText('first.png')).not.toBeInTheDocument();
    expect(callsTo('PUT', uploadURL)).toHaveLength(2);
  });
});
