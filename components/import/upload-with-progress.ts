// fetch() cannot report upload progress; XMLHttpRequest can. Resolves with the status and the
// raw JSON text; never rejects on HTTP errors (the caller shows them), only on network failure.
export function uploadWithProgress(url: string, body: FormData, onProgress: (fraction: number) => void): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open("POST", url);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress(e.loaded / e.total);
    };
    xhr.upload.onload = () => onProgress(1);
    xhr.onload = () => resolve({ status: xhr.status, text: xhr.responseText });
    xhr.onerror = () => reject(new Error("The connection to the server failed during the upload."));
    xhr.send(body);
  });
}
