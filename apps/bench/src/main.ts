import { benchCommand } from './benches.js';

const command = benchCommand(process.argv.slice(2));
if ('run' in command) await command.run;
else {
  (command.exitCode === 0 ? console.log : console.error)(command.usage);
  process.exitCode = command.exitCode;
}
