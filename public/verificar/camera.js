// The camera of /verificar (app/routes/verificar.tsx, ADR 033), with no framework: the page stays
// static and cacheable. Reads a QR with the browser's BarcodeDetector where there is one (Android
// Chrome), else with jsQR (/verificar/jsqr.js, loaded only then) on frames drawn to a canvas, and
// hands the text to the page as ?lido=, where the server opens only a verification link of this
// portal. The torch button appears only when the camera has one. Same behaviour as the fiscal's
// scanner (app/components/fiscal/camera-scanner.tsx). Dependency-free on purpose.
(() => {
  const root = document.getElementById("leitor");
  if (!root) return;
  const $ = (selector) => root.querySelector(selector);
  const box = $(".camera");
  const video = $("video");
  const start = $('[data-acao="ler"]');
  const stopButton = $('[data-acao="parar"]');
  const torchButton = $('[data-acao="lanterna"]');
  const state = $("[data-estado]");
  const error = $("[data-erro]");
  const SAMPLE_MS = 150;
  const MAX_SIDE = 720;
  let stream = null;
  let timer = null;
  let torch = false;
  let canvas = null;

  const fail = (text) => {
    error.textContent = text;
    error.hidden = false;
    error.focus();
  };

  function cameraError(e) {
    const name = e && e.name;
    if (name === "NotAllowedError" || name === "SecurityError")
      return "O acesso à câmera foi negado. Permita o uso da câmera nas configurações do navegador ou digite o código.";
    if (name === "NotFoundError" || name === "OverconstrainedError")
      return "Nenhuma câmera encontrada neste aparelho. Digite o código impresso.";
    return "Não foi possível abrir a câmera. Digite o código impresso.";
  }

  function stop() {
    if (timer !== null) clearTimeout(timer);
    timer = null;
    if (stream) stream.getTracks().forEach((t) => t.stop());
    stream = null;
    video.srcObject = null;
    box.hidden = true;
    start.hidden = false;
    stopButton.hidden = true;
    torchButton.hidden = true;
    state.textContent = "";
  }

  async function nativeDetector() {
    if (!("BarcodeDetector" in self)) return null;
    try {
      const formats = await self.BarcodeDetector.getSupportedFormats();
      return formats.includes("qr_code") ? new self.BarcodeDetector({ formats: ["qr_code"] }) : null;
    } catch {
      return null;
    }
  }

  function loadJsQr() {
    if (self.jsQR) return Promise.resolve(self.jsQR);
    return new Promise((resolve, reject) => {
      const script = document.createElement("script");
      script.src = "/verificar/jsqr.js";
      script.onload = () => (self.jsQR ? resolve(self.jsQR) : reject(new Error("jsQR")));
      script.onerror = reject;
      document.head.appendChild(script);
    });
  }

  function readWithJsQr(jsQR) {
    const scale = Math.min(1, MAX_SIDE / Math.max(video.videoWidth, video.videoHeight));
    const w = Math.round(video.videoWidth * scale);
    const h = Math.round(video.videoHeight * scale);
    canvas = canvas || document.createElement("canvas");
    if (canvas.width !== w) canvas.width = w;
    if (canvas.height !== h) canvas.height = h;
    const ctx = canvas.getContext("2d", { willReadFrequently: true });
    if (!ctx) return null;
    ctx.drawImage(video, 0, 0, w, h);
    const image = ctx.getImageData(0, 0, w, h);
    const code = jsQR(image.data, w, h, { inversionAttempts: "attemptBoth" });
    return (code && code.data) || null;
  }

  async function open() {
    error.hidden = true;
    if (!navigator.mediaDevices || !navigator.mediaDevices.getUserMedia)
      return fail("Este navegador não dá acesso à câmera. Digite o código impresso.");
    state.textContent = "Abrindo a câmera…";
    try {
      stream = await navigator.mediaDevices.getUserMedia({
        video: { facingMode: { ideal: "environment" } },
        audio: false,
      });
      box.hidden = false;
      video.srcObject = stream;
      await video.play();
    } catch (e) {
      stop();
      return fail(cameraError(e));
    }
    start.hidden = true;
    stopButton.hidden = false;
    const track = stream.getVideoTracks()[0];
    const capabilities = track && track.getCapabilities ? track.getCapabilities() : {};
    torch = false;
    torchButton.setAttribute("aria-pressed", "false");
    torchButton.hidden = !(capabilities && capabilities.torch === true);
    const detector = await nativeDetector();
    let jsQR = null;
    if (!detector) {
      try {
        jsQR = await loadJsQr();
      } catch {
        stop();
        return fail("Não foi possível carregar o leitor de QR code. Digite o código impresso.");
      }
    }
    state.textContent = `Aponte para o QR code do crachá ou do selo (${detector ? "leitor do navegador" : "leitor jsQR"}).`;
    const tick = async () => {
      if (!stream) return;
      let text = null;
      try {
        if (video.readyState >= 2 && video.videoWidth > 0) {
          if (detector) {
            const codes = await detector.detect(video);
            const found = codes.find((c) => c.rawValue);
            text = found ? found.rawValue : null;
          } else text = readWithJsQr(jsQR);
        }
      } catch {
        text = null;
      }
      if (text) {
        stop();
        state.textContent = "QR code lido. Abrindo…";
        location.assign(`/verificar?lido=${encodeURIComponent(text)}`);
        return;
      }
      timer = setTimeout(tick, SAMPLE_MS);
    };
    void tick();
  }

  async function toggleTorch() {
    const track = stream && stream.getVideoTracks()[0];
    if (!track) return;
    try {
      await track.applyConstraints({ advanced: [{ torch: !torch }] });
      torch = !torch;
      torchButton.setAttribute("aria-pressed", String(torch));
    } catch {
      torchButton.hidden = true;
      fail("Não foi possível acender a lanterna deste aparelho.");
    }
  }

  start.addEventListener("click", open);
  stopButton.addEventListener("click", stop);
  torchButton.addEventListener("click", toggleTorch);
  root.hidden = false;
})();
