// The texts of the e-mails the portal sends, in Portuguese. Pure: links come in as arguments.

export type Mail = { subject: string; text: string };

export const confirmEmailMail = (name: string, link: string): Mail => ({
  subject: "Confirme seu e-mail — Portal de Credenciamento",
  text: `Olá, ${name}.\n\nPara confirmar seu e-mail no Portal de Credenciamento, abra o link abaixo (válido por 48 horas):\n\n${link}\n\nSe você não criou esta conta, ignore esta mensagem.`,
});

export const passwordResetMail = (name: string, link: string): Mail => ({
  subject: "Redefinição de senha — Portal de Credenciamento",
  text: `Olá, ${name}.\n\nRecebemos um pedido para redefinir sua senha. Abra o link abaixo (válido por 1 hora) e escolha uma nova senha:\n\n${link}\n\nSe não foi você, ignore esta mensagem: sua senha continua a mesma.`,
});

export const staffWelcomeMail = (name: string, role: string, municipality: string, link: string): Mail => ({
  subject: `Acesso de ${role} — ${municipality}`,
  text: `Olá, ${name}.\n\nVocê recebeu acesso de ${role} no Portal de Credenciamento de ${municipality}. Defina sua senha pelo link abaixo (válido por 48 horas):\n\n${link}`,
});
