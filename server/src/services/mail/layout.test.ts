import { mailLayout } from './layout';

describe('mailLayout', () => {
  const mail = mailLayout({
    locale: 'de',
    heading: 'Bitte bestätigen <Sie>',
    paragraphs: ['Erster Absatz & mehr', 'Zweiter "Absatz"'],
    action: { label: 'Jetzt bestätigen', url: 'https://www.konzertfreunde.example/de/newsletter/bestaetigen?token=a&b=<c>' },
    footer: 'Sie erhalten diese E-Mail, weil …',
  });

  it('writes plain text with the heading, paragraphs, the link and the association in the footer', () => {
    expect(mail.text).toContain('Bitte bestätigen <Sie>\n');
    expect(mail.text).toContain('Erster Absatz & mehr\n\nZweiter "Absatz"');
    expect(mail.text).toContain('Jetzt bestätigen:\nhttps://www.konzertfreunde.example/de/newsletter/bestaetigen?token=a&b=%3Cc%3E');
    expect(mail.text).toMatch(/-- \nSie erhalten diese E-Mail, weil …\nKonzertfreunde Freiburg e\. V\. · Musikantenweg 12/);
  });

  it('writes HTML in the mail language with every inserted text escaped', () => {
    expect(mail.html).toContain('<html lang="de">');
    expect(mail.html).toContain('<h1 style="margin:0 0 24px;font-size:24px;line-height:1.3">Bitte bestätigen &lt;Sie&gt;</h1>');
    expect(mail.html).toContain('Erster Absatz &amp; mehr');
    expect(mail.html).toContain('Zweiter &quot;Absatz&quot;');
    expect(mail.html).toContain('href="https://www.konzertfreunde.example/de/newsletter/bestaetigen?token=a&amp;b=%3Cc%3E"');
    expect(mail.html).not.toMatch(/<Sie>|<c>/);
  });

  it('has an English footer and no button without an action', () => {
    const english = mailLayout({ locale: 'en', heading: 'Hello', paragraphs: ['Text'] });
    expect(english.html).toContain('<html lang="en">');
    expect(english.html).not.toContain('<a ');
    expect(english.text).toContain('79098 Freiburg im Breisgau, Germany');
  });

  it('puts a footer link (e.g. to unsubscribe) under the address, as a link and as text', () => {
    const withLink = mailLayout({ locale: 'en', heading: 'Hi', paragraphs: [], footerLink: { label: 'Unsubscribe', url: 'https://kf.example/en/newsletter/unsubscribe?token=x' } });
    expect(withLink.html).toContain('<a href="https://kf.example/en/newsletter/unsubscribe?token=x" style="color:#55524d">Unsubscribe</a>');
    expect(withLink.text).toMatch(/Germany · info@konzertfreunde\.example\nUnsubscribe: https:\/\/kf\.example\/en\/newsletter\/unsubscribe\?token=x\n$/);
  });

  it('refuses links that are not http(s)', () => {
    expect(() => mailLayout({ locale: 'de', heading: 'x', paragraphs: [], action: { label: 'x', url: 'javascript:alert(1)' } })).toThrow(/refusing/);
  });
});
