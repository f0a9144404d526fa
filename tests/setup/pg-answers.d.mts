export function postgresAnswers(url: string): Promise<boolean>;
