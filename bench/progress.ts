/** A one-line progress bar on stderr (a line per 10 % when stderr is not a terminal). */
export class Progress {
  private label = '';
  private total = 1;
  private started = 0;
  private lastTenth = -1;

  start(label: string, total: number): void {
    this.label = label;
    this.total = Math.max(1, total);
    this.started = Date.now();
    this.lastTenth = -1;
    this.update(0);
  }

  update(current: number): void {
    const share = Math.min(1, current / this.total);
    const seconds = ((Date.now() - this.started) / 1000).toFixed(1);
    if (process.stderr.isTTY) {
      const width = 30;
      const filled = Math.round(share * width);
      const bar = '█'.repeat(filled) + '░'.repeat(width - filled);
      process.stderr.write(
        `\r  ${this.label.padEnd(22)} ${bar} ${(share * 100).toFixed(0).padStart(3)}%  ${current.toLocaleString('en')} ${seconds}s   `,
      );
      return;
    }
    const tenth = Math.floor(share * 10);
    if (tenth === this.lastTenth) return;
    this.lastTenth = tenth;
    process.stderr.write(`  ${this.label} ${tenth * 10}% ${current.toLocaleString('en')} (${seconds}s)\n`);
  }

  done(current: number): void {
    this.update(current);
    if (process.stderr.isTTY) process.stderr.write('\n');
  }
}
