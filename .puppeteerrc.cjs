// Browsers come from Debian (apt-get install chromium); puppeteer never downloads one.
module.exports = {
  skipDownload: true,
  executablePath: process.env.PUPPETEER_EXECUTABLE_PATH || '/usr/bin/chromium',
};
