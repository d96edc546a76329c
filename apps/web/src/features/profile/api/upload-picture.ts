import { uploadPicture } from '@platen/contract';
import { useMutation } from '@tanstack/react-query';
import { request } from '../../../lib/api-client.ts';

const sendPicture = (file: File) => {
  const form = new FormData();
  form.append('file', file);
  return request(uploadPicture, { body: form });
};

/** Success reloads the page (product.md#states-and-transitions). */
export const useUploadPicture = () => useMutation({ mutationFn: sendPicture });
